/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a passkey-capable platform
 * authenticator that answers every WebAuthn prompt of the page as if the user touched it.
 *
 *   const authenticator = await addVirtualAuthenticator(page);
 *   … enrol a security key, sign out, sign in with it …
 *   expect(await authenticator.credentialCount()).toBe(1);
 *
 * WebAuthn needs a domain as relying-party id, which is why the harness serves the app on localhost.
 */
import type { Page } from 'playwright-core';

export interface VirtualAuthenticator {
  authenticatorId: string;
  credentialCount(): Promise<number>;
  remove(): Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    authenticatorId,
    credentialCount: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}
