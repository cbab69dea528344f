/**
 * Debian's Chromium driven by playwright-core. One browser per test file (launched on first use,
 * closed by setup.ts after the file), a fresh context per page so nothing leaks between tests.
 *
 *   const page = await newPage({ colorScheme: 'dark' });
 *   await page.goto('/login');
 *   await expectNoSeriousAxeViolations(page);
 *   await page.context().close();
 */
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/prerequisites.ts';

/** A new Chromium; the caller closes it. Prefer newPage(), which shares one per test file. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(
      'Chromium not found: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH. `node scripts/prerequisites.ts` does it.',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
}

let shared: Promise<Browser> | undefined;

/** The test file's browser, launched on first use. */
export function getBrowser(): Promise<Browser> {
  shared ??= launchBrowser().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/** Closes the test file's browser, if one was launched (setup.ts does this after every file). */
export async function closeBrowser(): Promise<void> {
  const current = shared;
  shared = undefined;
  if (current) await (await current).close();
}

export interface NewPageOptions {
  /** Emulated prefers-color-scheme; default 'light'. */
  colorScheme?: 'light' | 'dark';
  /** Default 1280×800; use { width: 360, height: 740 } for the phone-in-a-patrol-car check. */
  viewport?: { width: number; height: number };
}

/** A page in a fresh browser context whose relative URLs resolve against the app under test. */
export async function newPage({ colorScheme = 'light', viewport = { width: 1280, height: 800 } }: NewPageOptions = {}): Promise<Page> {
  const browser = await getBrowser();
  const context = await browser.newContext({ baseURL: inject('baseUrl'), colorScheme, viewport });
  return context.newPage();
}

/**
 * The rules axe runs: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (together, every rule
 * axe runs by default). Experimental rules are left out unless named in ALWAYS_ON.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Rules run whatever the tags say. WCAG 2.5.3 "label in name": a control's accessible name contains
 * its visible text, so that a speech-input user can say what they see. axe-core 4.14 runs it by
 * default, but @axe-core/playwright injects its own older copy in which it is experimental (off).
 */
const ALWAYS_ON = ['label-content-name-mismatch'];

/**
 * Runs axe-core (the project's own axe-core package, not the older copy @axe-core/playwright bundles)
 * on the page and throws, listing them, when any violation is serious or critical.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  // One options object: AxeBuilder's options() replaces it whole and its disableRules() replaces
  // `rules`, so the rules switched on and off are put together here.
  const rules: Record<string, { enabled: boolean }> = {};
  for (const rule of ALWAYS_ON) rules[rule] = { enabled: true };
  for (const rule of options.disableRules ?? []) rules[rule] = { enabled: false };
  let builder = new AxeBuilder({ page, axeSource: axe.source }).options({ runOnly: { type: 'tag', values: AXE_TAGS }, rules });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const lines = serious.map((v) => {
    const targets = v.nodes
      .slice(0, 5)
      .map((node) => `      ${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ').trim()}` : ''}`)
      .join('\n');
    const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}${more}`;
  });
  throw new Error(`axe found ${serious.length} serious or critical accessibility violation(s) on ${page.url()}:\n${lines.join('\n')}`);
}
