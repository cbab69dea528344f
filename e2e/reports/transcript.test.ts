/**
 * Drafting a narrative from a transcript in the browser, with the AI provider stand-in
 * (server/test-support/chat-stand-in.ts) answering as a model would: the officer pastes a transcript,
 * gets a draft whose sentences show the passages they cite, signs the acknowledgement, and the report's
 * form keeps the citations and refuses submission until every [INSERT …] is replaced; the print view
 * carries the AI disclosure. Set-up goes through the API.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReportsSettings } from '../../core/contracts/reports.ts';
import { agencyWithAdmin, api, inviteAndAccept, roleIdByName, settled, signInWithSession, type Person } from '../admin/support.ts';
import { expectNoSeriousAxeViolations, newPage } from '../support/browser.ts';

let officer: Person;

const TRANSCRIPT = [
  '[00:00:04] Officer: Afternoon. I stopped you for going through the red light at Fifth and Main.',
  '[00:00:09] Driver: I thought it was still yellow.',
  '[00:00:15] Officer: Can I see your licence and insurance?',
  '[00:00:21] Driver: Here you go. The insurance card is expired, sorry.',
].join('\n');

/** What the stand-in provider answers next, as a model would. */
async function providerAnswers(paragraphs: Array<Array<{ text: string; passages: string[] }>>): Promise<void> {
  const response = await fetch(`${inject('aiStandInUrl')}/stand-in/next`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ kind: 'content', content: JSON.stringify({ paragraphs }) }]),
  });
  expect(response.ok).toBe(true);
}

beforeAll(async () => {
  const admin = await agencyWithAdmin('transcript');
  officer = await inviteAndAccept(admin.session, {
    name: 'Rae Morgan',
    roleIds: [await roleIdByName(admin.session, 'Officer')],
    accountType: 'full',
    prefix: 'officer',
  });
  await api<ReportsSettings>(admin.session, 'PUT', '/rest/v1/reports/admin/settings', { ai_type_keys: ['incident'] });
}, 120_000);

describe('drafting a narrative from a transcript', () => {
  it('drafts from a pasted transcript, links each sentence to its passage, and blocks submission until every [INSERT] is replaced', async () => {
    const page: Page = await newPage();
    try {
      await signInWithSession(page, officer.session);
      await page.goto('/reports/templates/ai/transcript');
      await settled(page);
      await page.getByRole('textbox', { name: 'Transcript' }).fill(TRANSCRIPT);
      await page.getByText('Read as plain text: 4 passages.').waitFor();

      await providerAnswers([
        [
          { text: 'At [INSERT time], I stopped a vehicle for going through the red light at Fifth and Main.', passages: ['P1'] },
          { text: 'The driver said he thought it was still yellow.', passages: ['P2'] },
        ],
        [{ text: 'The driver handed me his licence and an insurance card that had expired in 2019.', passages: ['P4'] }],
      ]);
      await page.getByRole('button', { name: 'Draft the narrative' }).click();
      await page.getByRole('heading', { name: 'Draft narrative: Incident' }).waitFor();
      // The year the model added is in no passage: the check made it a placeholder, and says so.
      await page.getByText('“2019” is not in the transcript').waitFor();
      await page.getByText('2 [INSERT …] placeholders to replace in the report before it can be submitted.').waitFor();

      await page.getByRole('button', { name: /The driver said he thought it was still yellow\. \(from P2\)/ }).click();
      const passages = page.getByRole('list', { name: 'Transcript passages' });
      await expect.poll(() => passages.locator('[data-passage="P2"]').getAttribute('data-active')).toBe('true');
      expect(await passages.locator('[data-passage="P1"]').getAttribute('data-active')).toBe('false');
      await expectNoSeriousAxeViolations(page);

      const name = page.getByRole('textbox', { name: 'Type your full name to sign' });
      await name.fill('Someone Else');
      await page.getByRole('button', { name: 'Sign and use this draft' }).click();
      await page.getByText('Type your name as your account has it: Rae Morgan').waitFor();
      await name.fill('Rae Morgan');
      await page.getByRole('button', { name: 'Sign and use this draft' }).click();
      await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
      const reportPath = new URL(page.url()).pathname;

      // In the report's editor, the cursor in a cited sentence lights up its passage beside it.
      const narrative = page.getByRole('textbox', { name: 'Narrative' });
      await narrative.locator('span[data-cite="P2"]').click();
      const beside = page
        .getByRole('region', { name: 'Transcript the draft came from' })
        .getByRole('list', { name: 'Transcript passages' });
      await expect.poll(() => beside.locator('[data-passage="P2"]').getAttribute('data-active')).toBe('true');

      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.getByText('Replace every placeholder before submitting: 2 left, the first [INSERT time]').waitFor();
      await narrative.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(
        'At 14:05 I stopped a vehicle for going through the red light at Fifth and Main. The insurance card had expired.',
      );
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await page.getByText(/The report is not complete/).waitFor();
      expect(await page.getByText(/Replace every placeholder before submitting/).count()).toBe(0);

      await page.goto(`${reportPath}/print`);
      await page
        .getByText(/^AI assisted: the first draft of this narrative was written by an AI model \(stand-in-7b\) from a pasted transcript/)
        .waitFor();
      await page.getByText(/Rae Morgan reviewed and edited it and signed/).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
