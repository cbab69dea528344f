/**
 * A field training program's reference material in the browser: the coordinator uploads a PDF on the
 * program's set-up page and adds it, the trainee finds it from their binder's Reference page and
 * downloads it, the coordinator retires one after confirming; the pages are axe clean in light and dark.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Binder, Program, ReferenceDocument } from '../../core/contracts/fto.ts';
import type { StoredFile } from '../../core/contracts/storage.ts';
import { api, settled } from '../admin/support.ts';
import { expectNoSeriousAxeViolations } from '../support/browser.ts';
import { fieldTrainingCast, openAs, type FtoPerson } from './support.ts';
import { attemptTag } from '../support/names.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let trainee: FtoPerson;
let coordinator: FtoPerson;
let program: Program;
let binder: Binder;
/** The coordinator's document: a title and description of its attempt's own, which the trainee's test looks for. */
let manual = '';
let about = '';

beforeAll(async () => {
  ({ trainee, coordinator, program, binder } = await fieldTrainingCast('ref'));
}, 120_000);

const as = openAs;

/** A document added through the API: the file uploaded as the coordinator, then added to the program. */
async function addedByApi(title: string): Promise<ReferenceDocument> {
  const response = await fetch(`${inject('baseUrl')}/storage/v1/object?purpose=fto`, {
    method: 'POST',
    headers: { authorization: `Bearer ${coordinator.session.access_token}`, 'content-type': 'application/pdf', accept: 'application/json' },
    body: PDF,
  });
  expect(response.status).toBe(201);
  const file = (await response.json()) as StoredFile;
  return api<ReferenceDocument>(
    coordinator.session,
    'POST',
    `/rest/v1/fto/admin/programs/${program.id}/reference`,
    { file_id: file.id, title, description: '' },
    { 'idempotency-key': randomUUID() },
  );
}

describe('a program’s reference material', () => {
  it('tells the trainee when their program has no reference material yet', async () => {
    const page = await as(trainee, `/fto/binder/${binder.id}/reference`);
    try {
      await page.getByText('No reference material for this program yet').waitFor();
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('lets the coordinator upload a PDF on the program’s set-up page and add it as a reference document', async () => {
    // A title of this attempt's own: a retry finds the first attempt's document in the table too.
    const attempt = attemptTag();
    manual = `Patrol procedures manual ${attempt}`;
    about = `Read chapters 1 to 4 before phase 2 (${attempt}).`;
    const before = await api<ReferenceDocument[]>(coordinator.session, 'GET', `/rest/v1/fto/admin/programs/${program.id}/reference`);
    const page = await as(coordinator, `/fto/admin/configure/${program.id}`);
    try {
      await page.getByRole('heading', { name: 'Reference material' }).waitFor();
      await page.getByRole('button', { name: 'Add document' }).click();
      await page.getByText('Choose the file').waitFor();
      await page.getByRole('textbox', { name: /^Title/ }).fill(manual);
      await page.getByRole('textbox', { name: /^Description/ }).fill(about);
      await page.locator('input[type="file"]').setInputFiles({ name: 'patrol-manual.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Add document' }).click();
      const table = page.getByRole('table', { name: 'Reference documents' });
      await table.getByText(manual).waitFor();
      await table
        .getByRole('row', { name: new RegExp(manual) })
        .getByText('Morgan Blake', { exact: false })
        .waitFor();
      const listed = await api<ReferenceDocument[]>(coordinator.session, 'GET', `/rest/v1/fto/admin/programs/${program.id}/reference`);
      expect(listed.filter((d) => !before.some((earlier) => earlier.id === d.id))).toEqual([
        expect.objectContaining({ title: manual, content_type: 'application/pdf', size: PDF.length }),
      ]);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('shows the trainee the document from their binder’s Reference page and downloads it, axe clean in light and dark', async () => {
    const page = await as(trainee, `/fto/binder/${binder.id}`);
    try {
      await page.getByRole('link', { name: 'Reference', exact: true }).click();
      await page.waitForURL(/\/reference$/);
      await settled(page);
      await page.getByText(manual).waitFor();
      await page.getByText(about).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download ${manual}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${manual}.pdf`);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await page.context().close();
    }
    const dark = await as(trainee, `/fto/binder/${binder.id}/reference`, { colorScheme: 'dark' });
    try {
      await dark.getByText(manual).waitFor();
      await expectNoSeriousAxeViolations(dark);
    } finally {
      await dark.context().close();
    }
  }, 90_000);

  it('retires a document after the coordinator confirms, and the trainee no longer sees it', async () => {
    // A title of this attempt's own: a retry finds the first attempt's document too.
    const old = await addedByApi(`Old radio code book ${attemptTag()}`);
    const shown = await api<ReferenceDocument[]>(trainee.session, 'GET', `/rest/v1/fto/binders/${binder.id}/reference`);
    expect(shown.map((d) => d.id)).toContain(old.id);
    const page = await as(coordinator, `/fto/admin/configure/${program.id}`);
    try {
      await page.getByRole('button', { name: `Retire ${old.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Retire this document?' });
      await dialog.getByRole('button', { name: 'Retire' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: `Retire ${old.title}` }).waitFor({ state: 'detached' });
    } finally {
      await page.context().close();
    }
    const listed = await api<ReferenceDocument[]>(trainee.session, 'GET', `/rest/v1/fto/binders/${binder.id}/reference`);
    expect(listed.map((d) => d.id)).toEqual(shown.map((d) => d.id).filter((id) => id !== old.id));
    expect(listed.map((d) => d.title)).toContain(manual);
  }, 90_000);
});
