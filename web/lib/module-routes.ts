import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { importWithReload } from './chunk-reload.ts';

/**
 * What a web module needs to declare its routes (web/<module>/routes.ts) without importing the shell:
 * the shell hands it the layout routes to hang them under, and it loads its screens lazily.
 *
 *   export function equipmentRoutes({ app }: RouteParents) {
 *     return [createRoute({ getParentRoute: () => app, path: '/equipment', component: lazyScreen(() => import('./items-screen.tsx'), 'ItemsScreen') })] as const;
 *   }
 */
export interface ModuleRouteParents<
  TApp extends AnyRoute = AnyRoute,
  TEmpty extends AnyRoute = AnyRoute,
  TAdmin extends AnyRoute = AnyRoute,
> {
  /** The default layout: the app frame (navigation, agency dates). */
  app: TApp;
  /** The empty layout, for print pages. */
  empty: TEmpty;
  /** Below the app frame and the admin guard: every /admin route, which needs admin:access. */
  admin: TAdmin;
}

/**
 * The shell registers its layout routes' types here (web/app/router.tsx augments this interface with
 * `parents`), as TanStack Router's own `Register` works. A module's routes are typed against them, so
 * each route knows its parent's exact type; the route tree's type, and with it typed navigation
 * (`to`, `params`, `search`), is then the same as if the routes were written in the shell, while no
 * module imports the shell.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleRouteParentsRegister {}

/** The layout routes a module's routes hang under, with their registered types. */
export type RouteParents = ModuleRouteParentsRegister extends { parents: infer TParents extends ModuleRouteParents }
  ? TParents
  : ModuleRouteParents;

/** A screen's route component, loaded on demand (its own chunk), reloading the page when a deployment removed it. */
export function lazyScreen<TModule extends Record<string, unknown>, TName extends keyof TModule & string>(
  load: () => Promise<TModule>,
  name: TName,
) {
  return lazyRouteComponent(importWithReload(load), name);
}

/**
 * `validateSearch` keeping the named query parameters as optional strings (the screen parses them;
 * anything else is dropped, never an error). The office lists validate theirs with zod instead
 * (web/lib/url-search.ts).
 */
export function stringSearch<const TKey extends string>(...keys: TKey[]) {
  return (search: Record<string, unknown>): { [K in TKey]?: string } => {
    const kept: { [K in TKey]?: string } = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string' && value !== '') kept[key] = value;
    }
    return kept;
  };
}
