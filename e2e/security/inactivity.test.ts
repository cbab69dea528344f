import { describe, expect, it } from 'vitest';
import { setSecurityPolicy } from '../support/agency-policy.ts';
import { newPage } from '../support/browser.ts';
import { signIn } from '../app/flows.ts';
import { founder } from './flows.ts';

describe('inactivity', () => {
  it('signs the browser out with a notice once the agency’s limit passes without activity, though background requests kept running', async () => {
    const user = await founder('idle');
    await setSecurityPolicy(user.session, { inactivity_minutes: 1 });
    const page = await newPage();
    try {
      const background: string[] = [];
      page.on('request', (request) => {
        if (request.headers()['x-precinct-background'] === '1') background.push(new URL(request.url()).pathname);
      });
      // The user's last activity is inside the sign-in, so the limit runs from no earlier than its start.
      const signInStarted = Date.now();
      await signIn(page, user);
      // No input from here on: only the app's own requests (probes, the deployment poll).
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 150_000 });
      const notice = page.getByTestId('sign-out-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/Signed out for inactivity[\s\S]*after 1 minutes? without activity/);
      expect(Date.now() - signInStarted).toBeGreaterThan(60_000);
      expect(background.length).toBeGreaterThan(0);
      // Signed out locally: no session cookie, and storage emptied.
      const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
      expect(cookies.filter((name) => name.startsWith('precinct-auth-token'))).toEqual([]);
      expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 240_000);
});
