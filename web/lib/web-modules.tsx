import type { AnyRoute } from '@tanstack/react-router';
import { createContext, createElement, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { LoadingState } from '../ui/states.tsx';
import type { ModuleKey } from '../../core/modules.ts';
import type { TaskLinkKind } from '../../core/contracts/productivity.ts';
import type { Claims } from '../../core/permissions.ts';
import type { RouteParents } from './module-routes.ts';

/** A module of core/modules.ts, or the admin area (always there, not switchable). */
export type WebModuleKey = ModuleKey | 'admin';

/**
 * A way into a module that the shell shows in its navigation and as a home tile (with its icon and
 * one-line summary, web/ui/web-module-icon.tsx), for the users it is for. The modules of
 * core/modules.ts get theirs from that table (label, home path, access rules); this is for the
 * others (the admin area).
 */
export interface WebModuleEntry {
  to: string;
  label: string;
  isFor: (claims: Claims | null) => boolean;
}

/**
 * A web module's manifest: everything the shell needs to know of it. The app lists the manifests
 * (web/app/web-modules.ts) and builds its route tree from them; screens of other modules read them
 * through the hooks here, so no module imports another.
 */
export interface WebModule {
  key: WebModuleKey;
  /**
   * The module's routes (web/<module>/routes.ts), below the layout routes the shell gives it, typed
   * against the shell's registered layouts (web/lib/module-routes.ts) so that the tree keeps their types.
   */
  routes: (parents: RouteParents) => readonly AnyRoute[];
  /** In the navigation and on the home screen, when core/modules.ts does not already put it there. */
  entry?: WebModuleEntry;
  /**
   * The module's own settings below its switch on /admin/modules/<module> (lazily loaded), and its
   * settings sub-pages (/admin/modules/schedule/groups): `page` is the sub-page's slug, null on the
   * module's own page.
   */
  SettingsPanel?: ComponentType<SettingsPanelProps>;
  /**
   * "What needs me now" on the home screen `/` (lazily loaded), shown to those who may open the module:
   * the module's records waiting for this person. It renders nothing when nothing waits.
   */
  NeedsPanel?: ComponentType;
  /**
   * A section other modules' screens show beside one of their records (web/lib/record-tasks.tsx): the
   * tasks linked to it and a way to make one (productivity), shown to those who may open this module.
   */
  RecordTasks?: ComponentType<RecordTasksProps>;
}

/** The record another module's screen shows, as a task links to it. */
export interface RecordTasksProps {
  kind: TaskLinkKind;
  recordId: string;
  /** A new task's title ("Service request: #12 brakes"). */
  title: string;
  /** What the task calls the record ("Service request #12"). */
  label: string;
}

/** What the admin area hands a module's settings panel. */
export interface SettingsPanelProps {
  /** The module switch's state; undefined while it loads. */
  moduleEnabled: boolean | undefined;
  /** The settings sub-page shown (`groups` for /admin/modules/schedule/groups); null for the module's own page. */
  page: string | null;
}

const WebModulesContext = createContext<readonly WebModule[]>([]);

export const WebModulesProvider = WebModulesContext.Provider;

/** Every web module's manifest, as the app lists them. */
export function useWebModules(): readonly WebModule[] {
  return useContext(WebModulesContext);
}

/** The settings panel the module brings (loaded on demand), or `fallback` until it has one. */
export function ModuleSettingsPanel({
  module,
  moduleEnabled,
  page = null,
  fallback,
}: {
  module: ModuleKey;
  moduleEnabled: boolean | undefined;
  page?: string | null;
  fallback: ReactNode;
}) {
  const panel = useContext(WebModulesContext).find((entry) => entry.key === module)?.SettingsPanel;
  if (!panel) return fallback;
  return <Suspense fallback={<LoadingState label="Loading the settings…" />}>{createElement(panel, { moduleEnabled, page })}</Suspense>;
}
