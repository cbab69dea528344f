// Values e2e/support/global-setup.ts hands to browser tests; read them with `inject(key)` from 'vitest'.
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app server under test listens, e.g. http://127.0.0.1:40123 (no trailing slash). */
    baseUrl: string;
    /** The captured-mail HTTP API (e2e/support/mail-capture.ts); use waitForMail() from mail.ts. */
    mailApiUrl: string;
  }
}
