// Runs in every e2e test file (setupFiles): the file's browser, if it launched one, closes at the end.
import { afterAll } from 'vitest';
import { closeBrowser } from './browser.ts';

afterAll(async () => {
  await closeBrowser();
});
