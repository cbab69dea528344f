import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';

describe('the end-to-end harness', () => {
  it('opens the running app server in Chromium and finds it healthy', async () => {
    const page = await newPage();
    try {
      const response = await page.goto('/health');
      expect(response?.status()).toBe(200);
      expect(JSON.parse((await response?.text()) ?? '')).toMatchObject({ status: 'ok' });
    } finally {
      await page.context().close();
    }
  });
});
