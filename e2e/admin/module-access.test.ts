/**
 * The module-access rows of spec section 5 that need users with particular permissions: roles with
 * exact permission sets made through the admin API, people invited into them who accept by the
 * e-mailed link, and each row checked allowed and blocked in the browser. Blocked routes land on
 * /disabled?module=<display name>.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { agencyWithAdmin, createRole, disabledPath, expectPath, inviteAndAccept, signInWithSession, type Person } from './support.ts';

const UUID = '5b0b8e4e-4f1e-4f57-9c57-8b1a3b0f6f11';

type Row = [path: string, lands: string];

let people: Record<'limited' | 'nothing' | 'officer' | 'supervisor' | 'templateAuthor', Person>;

beforeAll(async () => {
  const admin = await agencyWithAdmin('access');
  const role = (name: string, permissions: string[]) => createRole(admin.session, name, permissions);
  const [fullModules, officer, supervisor, templateAuthor] = await Promise.all([
    role('Desk work', ['citations:access', 'reports:editor', 'reports:templates.use', 'productivity:access']),
    role('Patrol', [
      'citations:access',
      'reports:editor',
      'productivity:access',
      'scheduling:view',
      'fleet:servicerequest.submit',
      'fleet:squadcheck.submit',
      'fto:user',
    ]),
    role('Watch commander', [
      'reports:editor',
      'reports:templates.use',
      'reports:templates.create_user',
      'scheduling:view',
      'scheduling:ot.manage',
      'scheduling:ot.create',
      'scheduling:pto.manage',
      'scheduling:modification.manage',
      'scheduling:allcall',
      'fleet:admin',
      'fto:trainer',
    ]),
    role('Template author', [
      'reports:editor',
      'reports:templates.use',
      'reports:templates.create_user',
      'reports:templates.create_agency',
    ]),
  ]);
  const [limited, nothing, patrol, commander, author] = await Promise.all([
    inviteAndAccept(admin.session, { name: 'Lim Ited', roleIds: [fullModules], accountType: 'limited', prefix: 'limited' }),
    inviteAndAccept(admin.session, { name: 'No Roles', roleIds: [], accountType: 'full', prefix: 'nothing' }),
    inviteAndAccept(admin.session, { name: 'Pat Rol', roleIds: [officer], accountType: 'full', prefix: 'patrol' }),
    inviteAndAccept(admin.session, { name: 'Wat Commander', roleIds: [supervisor], accountType: 'full', prefix: 'commander' }),
    inviteAndAccept(admin.session, { name: 'Tem Plate', roleIds: [templateAuthor], accountType: 'full', prefix: 'author' }),
  ]);
  people = { limited, nothing, officer: patrol, supervisor: commander, templateAuthor: author };
}, 120_000);

async function checkRows(person: Person, rows: Row[]): Promise<void> {
  const page = await newPage();
  try {
    await signInWithSession(page, person.session);
    for (const [path, lands] of rows) {
      await page.goto(path);
      try {
        await expectPath(page, lands);
      } catch (error) {
        throw new Error(`${person.name} at ${path}: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await page.context().close();
  }
}

describe('module access (spec section 5) for people with particular permissions', () => {
  it('blocks a limited account from Citations, Reports and Productivity even with their permissions', async () => {
    await checkRows(people.limited, [
      ['/citations', disabledPath('Citations')],
      ['/reports', disabledPath('Reports')],
      ['/reports/templates/select', disabledPath('Reports')],
      ['/productivity', disabledPath('Productivity')],
      ['/productivity/list/' + UUID, disabledPath('Productivity')],
    ]);
  });

  it('blocks a full account without permissions from every permission-guarded module, and lets it into Fleet', async () => {
    await checkRows(people.nothing, [
      ['/citations', disabledPath('Citations')],
      ['/reports', disabledPath('Reports')],
      ['/productivity', disabledPath('Productivity')],
      ['/schedule', disabledPath('Scheduling')],
      ['/schedule/admin', disabledPath('Scheduling')],
      ['/fleet', '/fleet'],
      ['/fleet/request', disabledPath('Service Requests')],
      ['/fleet/squadcheck', disabledPath('Squad Checks')],
      ['/fleet/admin', disabledPath('Fleet Admin')],
      ['/fleet/admin/vehicle/' + UUID, disabledPath('Fleet Admin')],
      ['/fto', disabledPath('Field Training')],
      ['/fto/binder/' + UUID + '/dors', disabledPath('Field Training')],
    ]);
  });

  it('lets an officer into what their permissions allow, and no further', async () => {
    await checkRows(people.officer, [
      ['/citations', '/citations'],
      ['/reports', '/reports'],
      ['/reports/templates/select', disabledPath('Report Templates')],
      ['/reports/templates/create', disabledPath('Report Templates')],
      ['/productivity', '/productivity'],
      ['/schedule', '/schedule'],
      ['/schedule/trades', '/schedule/trades'],
      ['/schedule/overtime', '/schedule/overtime'],
      ['/schedule/admin', disabledPath('Scheduling Admin')],
      ['/schedule/admin/allcall', disabledPath('Scheduling Admin')],
      ['/fleet/request', '/fleet/request'],
      ['/fleet/squadcheck', '/fleet/squadcheck'],
      ['/fleet/admin', disabledPath('Fleet Admin')],
      ['/fto', '/fto'],
      ['/fto/admin/trainers', '/fto/admin/trainers'],
    ]);
  });

  it('lets a supervisor into template use, the scheduling admin area and fleet admin, but not the template builder without both create permissions', async () => {
    await checkRows(people.supervisor, [
      ['/reports/templates/select', '/reports/templates/select'],
      ['/reports/templates/' + UUID, '/reports/templates/' + UUID],
      ['/reports/templates/create', disabledPath('Report Templates')],
      ['/schedule/admin', '/schedule/admin'],
      ['/schedule/admin/allcall', '/schedule/admin/allcall'],
      ['/schedule/overtime', '/schedule/overtime'],
      ['/fleet/admin', '/fleet/admin'],
      ['/fleet/admin/squadchecks/configure', '/fleet/admin/squadchecks/configure'],
      ['/fleet/request', disabledPath('Service Requests')],
      ['/fto', '/fto'],
      ['/fto/admin/trainers', '/fto/admin/trainers'],
      ['/citations', disabledPath('Citations')],
    ]);
  });

  it('opens the template builder to someone holding both create permissions', async () => {
    await checkRows(people.templateAuthor, [
      ['/reports/templates/create', '/reports/templates/create'],
      ['/reports/templates/owi', '/reports/templates/owi'],
      ['/reports/templates/ai/transcript', '/reports/templates/ai/transcript'],
    ]);
  });

  it('sends a non-administrator who opens an admin route home with a notice, schedule assignments included', async () => {
    const page = await newPage();
    try {
      await signInWithSession(page, people.supervisor.session);
      for (const path of [
        '/admin',
        '/admin/users',
        '/admin/access/roles/' + UUID,
        '/admin/modules/agency',
        '/admin/modules/schedule/assignments',
      ]) {
        await page.goto(path);
        await expectPath(page, '/');
        await expect.poll(() => page.getByText('Admin is for administrators').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      }
    } finally {
      await page.context().close();
    }
  });
});
