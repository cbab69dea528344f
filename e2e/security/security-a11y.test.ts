import { describe, it } from 'vitest';
import { expectAxeCleanInBothThemes } from '../admin/support.ts';
import { newPage } from '../support/browser.ts';
import { signedInPage } from '../support/session.ts';
import { signInThroughForm } from '../app/flows.ts';
import { enrolTotpViaApi, founder, openAccountAndSecurity } from './flows.ts';

// Each screen is checked in both themes, the device's preference switched between the two.
describe('accessibility of the security screens', () => {
  it('the second-factor step of sign-in has no serious axe violation (light and dark)', async () => {
    const user = await founder('a11y-modal');
    await enrolTotpViaApi(user.session);
    const page = await newPage({ colorScheme: 'light' });
    try {
      await page.goto('/login');
      await signInThroughForm(page, user);
      await page.getByRole('heading', { name: 'Verify it is you' }).waitFor();
      await expectAxeCleanInBothThemes(page);
    } finally {
      await page.context().close();
    }
  });

  it('the account and security modal has no serious axe violation (light and dark)', async () => {
    const user = await founder('a11y-account');
    const page = await signedInPage(user, { colorScheme: 'light' });
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      await openAccountAndSecurity(page);
      await expectAxeCleanInBothThemes(page);
      await page.getByRole('button', { name: 'Add a factor' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('totp-secret').waitFor();
      await expectAxeCleanInBothThemes(page);
    } finally {
      await page.context().close();
    }
  });
});
