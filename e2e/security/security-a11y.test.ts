import { describe, it } from 'vitest';
import { expectNoSeriousAxeViolations, newPage } from '../support/browser.ts';
import { signedInPage } from '../support/session.ts';
import { signInThroughForm } from '../app/flows.ts';
import { enrolTotpViaApi, founder, openAccountAndSecurity } from './flows.ts';

describe('accessibility of the security screens', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the second-factor step of sign-in has no serious axe violation (${colorScheme})`, async () => {
      const user = await founder(`a11y-modal-${colorScheme}`);
      await enrolTotpViaApi(user.session);
      const page = await newPage({ colorScheme });
      try {
        await page.goto('/login');
        await signInThroughForm(page, user);
        await page.getByRole('heading', { name: 'Verify it is you' }).waitFor();
        await expectNoSeriousAxeViolations(page);
      } finally {
        await page.context().close();
      }
    });

    it(`the account and security modal has no serious axe violation (${colorScheme})`, async () => {
      const user = await founder(`a11y-account-${colorScheme}`);
      const page = await signedInPage(user, { colorScheme });
      try {
        await page.goto('/');
        await page.getByRole('heading', { name: /Welcome/ }).waitFor();
        await openAccountAndSecurity(page);
        await expectNoSeriousAxeViolations(page);
        await page.getByRole('button', { name: 'Add a factor' }).click();
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByTestId('totp-secret').waitFor();
        await expectNoSeriousAxeViolations(page);
      } finally {
        await page.context().close();
      }
    });
  }
});
