import { createRoute } from '@tanstack/react-router';
import { lazyScreen, type RouteParents } from '../lib/module-routes.ts';
import { uuidParams } from '../lib/route-params.ts';
import { listSearch, printSearch, spaceSettingsSearch, taskSearch } from './productivity-search.ts';

/**
 * The productivity module's screens, loaded on demand. The root's guards have run before any of them
 * (a full account, the module on and productivity:access); the server decides which spaces, lists
 * and tasks each person sees (a space's members, administrators, and whoever a task is shared with).
 * The print view uses the empty layout.
 */
export function productivityRoutes({ app, empty }: RouteParents) {
  return [
    createRoute({
      getParentRoute: () => app,
      path: '/productivity',
      ...taskSearch.route,
      component: lazyScreen(() => import('./my-tasks-screen.tsx'), 'MyTasksScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/productivity/space/$space',
      params: uuidParams('space'),
      ...spaceSettingsSearch.route,
      component: lazyScreen(() => import('./space-screen.tsx'), 'SpaceScreen'),
    }),
    createRoute({
      getParentRoute: () => app,
      path: '/productivity/list/$list',
      params: uuidParams('list'),
      ...listSearch.route,
      component: lazyScreen(() => import('./list-screen.tsx'), 'ListScreen'),
    }),
    createRoute({
      getParentRoute: () => empty,
      path: '/productivity/print/task/$task_id',
      params: uuidParams('task_id'),
      ...printSearch.route,
      component: lazyScreen(() => import('./print-screen.tsx'), 'PrintScreen'),
    }),
  ] as const;
}
