import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter, routeTree } from './router.tsx';

// Creating the router gives every route its id and full path.
createAppRouter(new QueryClient());

type Node = {
  id: string;
  fullPath: string;
  options: { params?: { parse?: (raw: Record<string, string>) => unknown } };
  children?: Node[] | Record<string, Node>;
};

function walk(node: Node, ancestors: string[] = [], out: { node: Node; ancestors: string[] }[] = []) {
  out.push({ node, ancestors });
  const children = Array.isArray(node.children) ? node.children : Object.values(node.children ?? {});
  for (const child of children) walk(child, [...ancestors, node.id], out);
  return out;
}

const all = walk(routeTree as unknown as Node);
/** Routes with a path of their own (layout routes have ids only). */
const pages = all.filter(({ node }) => node.options && 'path' in node.options);
const byPath = new Map(pages.map((entry) => [entry.node.fullPath.replace(/\/$/, '') || '/', entry]));

/** Spec section 2, with {param} written as $param. */
const SPEC_PATHS = [
  '/',
  '/disabled',
  '/comingsoon',
  '/login',
  '/signup',
  '/confirm',
  '/forgotpassword',
  '/forgotpassword/update',
  '/admin',
  '/admin/users',
  '/admin/access',
  '/admin/access/roles/$role_id',
  '/admin/modules',
  '/admin/modules/fto',
  '/admin/modules/fleet',
  '/admin/modules/agency',
  '/admin/modules/citations',
  '/admin/modules/reports',
  '/admin/modules/productivity',
  '/admin/modules/schedule',
  '/admin/modules/schedule/schedules',
  '/admin/modules/schedule/groups',
  '/admin/modules/schedule/assignments',
  '/fleet',
  '/fleet/request',
  '/fleet/squadcheck',
  '/fleet/admin',
  '/fleet/admin/vehicle',
  '/fleet/admin/vehicle/$vehicle_id',
  '/fleet/admin/servicerequest',
  '/fleet/admin/squadchecks',
  '/fleet/admin/squadchecks/configure',
  '/fleet/admin/squadchecks/configure/template/create',
  '/fleet/admin/squadchecks/configure/template/$template_id',
  '/fleet/admin/squadchecks/$squad_check_submission_id',
  '/fto',
  '/fto/admin',
  '/fto/admin/trainers',
  '/fto/admin/binder/list',
  '/fto/admin/binder/$binder_id',
  '/fto/admin/configure/$program_id',
  '/fto/binder/$binder_id',
  '/fto/binder/$binder_id/dors',
  '/fto/binder/$binder_id/dors/create',
  '/fto/binder/$binder_id/dors/view/$dor_id',
  '/fto/binder/$binder_id/dors/print/$dor_id',
  '/fto/binder/$binder_id/policies',
  '/fto/binder/$binder_id/policies/view/$policy_id',
  '/fto/binder/$binder_id/reference',
  '/fto/binder/$binder_id/tasksheets',
  '/fto/binder/$binder_id/tasksheets/$tasksheet_id',
  '/reports',
  '/reports/templates/select',
  '/reports/templates/create',
  '/reports/templates/edit',
  '/reports/templates/$id',
  '/reports/templates/owi',
  '/reports/templates/entrytoauto',
  '/reports/templates/retailtheft',
  '/reports/templates/criminaldamagetoproperty',
  '/reports/templates/ai/transcript',
  '/schedule',
  '/schedule/trades',
  '/schedule/overtime',
  '/schedule/admin',
  '/schedule/admin/allcall',
  '/citations',
  '/productivity',
  '/productivity/list/$list',
  '/productivity/space/$space',
  '/productivity/print/task/$task_id',
];

/**
 * A module's own screens below its spec route, where the spec names none for its records (a report
 * opens and prints at its own address) or for what it keeps itself (the fleet office's settings).
 * Guarded as the module's route they live under.
 */
const MODULE_RECORD_PATHS = [
  '/fleet/admin/settings',
  // The fleet records of issue 22, point 5: an officer's fuel log, the office's vendors, fuel log and report.
  '/fleet/fuel',
  '/fleet/admin/vendors',
  '/fleet/admin/fuel',
  '/fleet/admin/reports',
  '/reports/$report_id',
  '/reports/$report_id/print',
  '/citations/new',
  '/citations/stops/$stop_id',
  '/citations/$citation_id',
  '/citations/$citation_id/print',
  '/citations/court',
  '/citations/stats',
];

describe('the route tree', () => {
  it('has every path of spec section 2, and besides them only the modules’ record pages', () => {
    expect([...byPath.keys()].sort()).toEqual([...SPEC_PATHS, ...MODULE_RECORD_PATHS].sort());
  });

  it('puts every admin route below the admin guard, schedule assignments included', () => {
    const adminPaths = SPEC_PATHS.filter((path) => path.startsWith('/admin'));
    for (const path of adminPaths) expect(byPath.get(path)?.ancestors, path).toContain('/_app/_admin');
    expect(byPath.get('/admin/modules/schedule/assignments')?.ancestors).toContain('/_app/_admin');
  });

  it('uses the auth layout for the sign-in screens, the empty layout for the two print routes and none for /disabled and /comingsoon', () => {
    for (const path of ['/login', '/signup', '/confirm', '/forgotpassword', '/forgotpassword/update'])
      expect(byPath.get(path)?.ancestors).toContain('/_auth');
    for (const path of ['/fto/binder/$binder_id/dors/print/$dor_id', '/productivity/print/task/$task_id'])
      expect(byPath.get(path)?.ancestors).toContain('/_empty');
    for (const path of ['/disabled', '/comingsoon']) expect(byPath.get(path)?.ancestors).toEqual(['__root__']);
  });

  it('puts every other module route in the default layout', () => {
    for (const path of SPEC_PATHS.filter(
      (p) => /^\/(fleet|fto|reports|schedule|citations|productivity)/.test(p) && !p.includes('/print/'),
    )) {
      expect(byPath.get(path)?.ancestors, path).toContain('/_app');
    }
  });

  it('validates every path parameter as a UUID', () => {
    for (const [path, { node }] of byPath) {
      const names = [...path.matchAll(/\$(\w+)/g)].map((match) => match[1] as string);
      if (names.length === 0) continue;
      const parse = node.options.params?.parse;
      expect(parse, path).toBeTypeOf('function');
      const good = Object.fromEntries(names.map((name) => [name, '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11']));
      expect(() => parse?.(good), path).not.toThrow();
      for (const name of names) expect(() => parse?.({ ...good, [name]: 'not-a-uuid' }), `${path} ${name}`).toThrow();
    }
  });
});

describe('the office lists’ search parameters', () => {
  const router = createAppRouter(new QueryClient());
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: ['/'] }) });

  it('leave the defaults out of the URL when a screen navigates with its whole state', () => {
    const users = router.buildLocation({
      to: '/admin/users',
      search: { q: 'pat', status: null, sort: 'email', order: 'asc', page: 1, page_size: 25, user: null },
    });
    expect(users.href).toBe('/admin/users?q=pat&sort=email');
    expect(router.buildLocation({ to: '/fleet/admin/servicerequest', search: { status: 'open', page: 3 } }).href).toBe(
      '/fleet/admin/servicerequest?status=open&page=3',
    );
  });

  it('give the screen the whole state, typed, with anything unreadable at its default', () => {
    const validate = router.routesById['/_app/fleet/admin/squadchecks'].options.validateSearch as (raw: Record<string, unknown>) => unknown;
    expect(validate({ failures: 'all', page: '2', from: '2026-02-30' })).toEqual({
      failures: 'all',
      from: null,
      to: null,
      vehicle_id: null,
      officer_id: null,
      status: null,
      page: 2,
      page_size: 25,
    });
  });
});
