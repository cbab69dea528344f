// Runs in every e2e test file (setupFiles): the file's browser, if it launched one, closes at the end.
// Over HTTPS (E2E_HTTPS=1), the file's own requests to the server trust the run's certificate.
import tls from 'node:tls';
import { afterAll, inject } from 'vitest';
import { closeBrowser } from './browser.ts';

const certificate = inject('tlsCertificate');
if (certificate) tls.setDefaultCACertificates([...tls.getCACertificates('default'), certificate]);

afterAll(async () => {
  await closeBrowser();
});
