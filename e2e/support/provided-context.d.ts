// Values e2e/support/global-setup.ts hands to browser tests; read them with `inject(key)` from 'vitest'.
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app server under test is reached, e.g. http://localhost:40123 (no trailing slash; localhost for WebAuthn). */
    baseUrl: string;
    /** The captured-mail HTTP API (e2e/support/mail-capture.ts); use waitForMail() from mail.ts. */
    mailApiUrl: string;
    /** The captured-SMS HTTP API (e2e/support/sms-capture.ts); use waitForSms() from sms.ts. */
    smsApiUrl: string;
    /** The AI provider stand-in (server/test-support/chat-stand-in.ts): PUT /stand-in/next queues its answers. */
    aiStandInUrl: string;
    /** The arguments to launch Chromium with (scripts/chromium-args.ts): CHROMIUM_FLAGS, and Playwright's disabled features with ours. */
    chromiumArgs: string[];
    /** With E2E_HTTPS=1, the certificate (PEM) the server answers HTTPS with, for Node's clients to trust; otherwise empty. */
    tlsCertificate: string;
  }
}
