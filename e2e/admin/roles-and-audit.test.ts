/**
 * Roles in the browser (permissions by area, members, refusals shown clearly), the CSV import's
 * per-row report, and the audit log's filters, readable before/after and CSV export.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { agencyWithAdmin, createRole, expectPath, inviteAndAccept, roleIdByName, settled, signInWithSession } from './support.ts';

describe('roles, import and the audit log', () => {
  it('edits a role’s permissions and members, and shows the server’s refusals plainly', async () => {
    const admin = await agencyWithAdmin('roles');
    const roleId = await createRole(admin.session, 'Night Shift', []);
    const member = await inviteAndAccept(admin.session, { name: 'Nia Night', roleIds: [], accountType: 'full', prefix: 'night' });
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto(`/admin/access/roles/${roleId}`);
      await page.getByRole('heading', { name: 'Night Shift', level: 1 }).waitFor();
      await settled(page);

      // Every scheduling permission by the area's box, then one fleet permission.
      await page.getByRole('checkbox', { name: 'Every Scheduling permission' }).check();
      await page.getByRole('checkbox', { name: /^Do squad checks/ }).check();
      const saved = page.waitForResponse((r) => r.url().endsWith(`/rest/v1/admin/roles/${roleId}`) && r.request().method() === 'PATCH');
      await page.getByRole('button', { name: 'Save role' }).click();
      expect((await saved).status()).toBe(200);
      const body = (await (await saved).json()) as { permissions: string[] };
      expect([...body.permissions].sort()).toEqual(
        [
          'scheduling:view',
          'scheduling:ot.manage',
          'scheduling:ot.create',
          'scheduling:pto.manage',
          'scheduling:modification.manage',
          'scheduling:allcall',
          'fleet:squadcheck.submit',
        ].sort(),
      );

      // Add a member with the searchable picker.
      const picker = page.getByLabel('Add a person', { exact: true }).first();
      await picker.click();
      await picker.fill('Nia');
      await page.getByRole('option', { name: new RegExp(member.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('table', { name: 'Members of Night Shift' }).getByText(member.email).waitFor();

      // Deleting a role with members is refused with the server's reason.
      await page.getByRole('button', { name: 'Delete role' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete the role Night Shift?' });
      await confirm.getByRole('button', { name: 'Delete role' }).click();
      await confirm.getByRole('alert').getByText('The role Night Shift still has 1 member; remove them first').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      // Taking Full administrator from the only administrators' role is refused as it would leave no administrator.
      await page.goto(`/admin/access/roles/${await roleIdByName(admin.session, 'Administrator')}`);
      await page.getByRole('heading', { name: 'Administrator', level: 1 }).waitFor();
      await settled(page);
      await page.getByRole('checkbox', { name: /^Full administrator/ }).uncheck();
      await page.getByRole('checkbox', { name: /^Manage the fleet/ }).check();
      await page.getByRole('button', { name: 'Save role' }).click();
      await page.getByRole('alert').getByText('This would leave the agency without an active administrator').waitFor();

      // Remove the member, then the role can go.
      await page.goto(`/admin/access/roles/${roleId}`);
      await settled(page);
      await page.getByRole('button', { name: `Remove Nia Night from Night Shift` }).click();
      await page.getByText('Nobody has this role').waitFor();
      await page.getByRole('button', { name: 'Delete role' }).click();
      await page.getByRole('dialog', { name: 'Delete the role Night Shift?' }).getByRole('button', { name: 'Delete role' }).click();
      await expectPath(page, '/admin/access');
      await page.getByRole('table', { name: 'Roles' }).waitFor();
      expect(await page.getByRole('link', { name: 'Night Shift' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('imports people from a CSV file all or nothing, listing each bad row', async () => {
    const admin = await agencyWithAdmin('importer');
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      await page.goto('/admin/users');
      await settled(page);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import people from a CSV file' });
      const stamp = Date.now().toString(36);
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: /CSV file/ }).click();
      await (
        await chooser
      ).setFiles({
        name: 'people.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `email,name,account_type,roles\ncsv-a-${stamp}@e2e.test,"Ada, A",full,Officer\nnot-an-email,Bo,,\ncsv-c-${stamp}@e2e.test,Cy,limited,Astronaut\n`,
        ),
      });
      await dialog.getByText('3 people to invite').waitFor();
      await dialog.getByRole('button', { name: 'Import 3 people' }).click();
      await dialog.getByText('Nothing was imported').waitFor();
      const report = dialog.getByRole('table', { name: 'Problems found in the file' });
      await report.getByRole('row').filter({ hasText: 'Enter a valid e-mail address' }).waitFor();
      await report.getByRole('row').filter({ hasText: 'There is no role called Astronaut' }).waitFor();
      expect(await report.getByRole('row').count()).toBe(3);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const retry = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      await dialog.getByRole('button', { name: /CSV file/ }).click();
      await (
        await retry
      ).setFiles({
        name: 'people.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`email,name,roles\ncsv-a-${stamp}@e2e.test,"Ada, A",Officer;Trainee\n`),
      });
      await dialog.getByRole('button', { name: 'Import 1 person' }).click();
      await dialog.getByText('1 person was invited.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await page
        .getByRole('row')
        .filter({ hasText: `csv-a-${stamp}@e2e.test` })
        .getByText('Invited')
        .waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('filters the audit log by kind, shows before and after, and exports the filtered log without the token in the URL', async () => {
    const admin = await agencyWithAdmin('auditor');
    const page = await newPage();
    try {
      await signInWithSession(page, admin.session);
      // Make a change to find: switch Productivity off in the browser.
      await page.goto('/admin/modules');
      await settled(page);
      await page.getByRole('switch', { name: 'Productivity module' }).focus();
      await page.keyboard.press('Space');
      await page.getByText('Productivity is off').first().waitFor();

      await page.goto('/admin');
      await settled(page);
      await page.getByRole('tab', { name: 'Audit log' }).click();
      await expectPath(page, '/admin?tab=audit');
      const kind = page.getByLabel('Kind of action', { exact: true }).first();
      await kind.click();
      await page.getByRole('option', { name: 'Modules: Disabled' }).click();
      await expectPath(page, '/admin?tab=audit&action=module.disabled');
      const table = page.getByRole('table', { name: 'Audit log' });
      await expect.poll(() => table.locator('tbody > tr').count()).toBe(1);
      await table.getByRole('button').first().click();
      const changes = page.getByRole('table', { name: /^Changes:/ });
      await changes.waitFor();
      expect(await changes.locator('tbody').innerText()).toMatch(/yes[\s\S]*no/);

      // The filtered export: a CSV download, the token in a header, never in the URL.
      const request = page.waitForRequest((r) => r.url().includes('/rest/v1/admin/audit.csv'));
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const sent = await request;
      expect(sent.url()).toContain('action=module.disabled');
      expect(sent.url()).not.toMatch(/token|bearer|access/i);
      expect(sent.headers().authorization).toMatch(/^Bearer /);
      const file = await (await download).path();
      const csv = await readFile(file, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('occurred_at,actor_email,action,entity_type,entity_id,summary,before,after,ip,user_agent');
      expect(csv).toContain('module.disabled');
      expect(csv).not.toContain('module.enabled');
    } finally {
      await page.context().close();
    }
  });
});
