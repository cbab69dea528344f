/**
 * Debian's Chromium driven by playwright-core. One browser per test file (launched on first use,
 * closed by setup.ts after the file), a fresh context per page so nothing leaks between tests.
 *
 *   const page = await newPage({ colorScheme: 'dark' });
 *   await page.goto('/login');
 *   await expectNoSeriousAxeViolations(page);
 *   await page.context().close();
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { findChromium } from '../../scripts/prerequisites.ts';

/** A new Chromium; the caller closes it. Prefer newPage(), which shares one per test file. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(
      'Chromium not found: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH. `node scripts/prerequisites.ts` does it.',
    );
  }
  return chromium.launch({ executablePath, headless: true, args: inject('chromiumArgs') });
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
  /**
   * Lets the app install its service worker; default off. Installing it precaches the whole build
   * (some 260 files) in every fresh context, which on a two-core machine costs a test file more time
   * than its checks: only a test of working offline, of a reload without a connection or of the
   * install itself asks for it.
   */
  serviceWorker?: boolean;
}

/** A page in a fresh browser context whose relative URLs resolve against the app under test. */
export async function newPage({
  colorScheme = 'light',
  viewport = { width: 1280, height: 800 },
  serviceWorker = false,
}: NewPageOptions = {}): Promise<Page> {
  const browser = await getBrowser();
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    colorScheme,
    viewport,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  });
  return context.newPage();
}

/**
 * Takes the app, already open in `page`, to `path` the way one of its links does: the router moves
 * without a page load (TanStack Router's history follows history.pushState). For walks over many
 * screens where what is checked is each screen, not its first load; a test about opening a URL, a
 * reload or a guard on arrival uses page.goto. Resolves once the address is `path`; the caller waits
 * for what the screen shows.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const target = new URL(path, page.url());
  await page.evaluate(
    (href) => {
      const state = (window.history.state ?? {}) as { __TSR_index?: number };
      const key = Math.random().toString(36).slice(2, 10);
      window.history.pushState({ __TSR_index: (state.__TSR_index ?? 0) + 1, key, __TSR_key: key }, '', href);
    },
    target.pathname + target.search + target.hash,
  );
  await page.waitForURL((url) => url.pathname + url.search === target.pathname + target.search);
}

/**
 * Waits until the page has fetched the header's outbox (web/app/outbox-slot.tsx loads it once the
 * first screen is idle, up to 2 s after it). Without the service worker to serve it, a page taken
 * offline before then shows its outbox only once the connection is back, as a phone on its first
 * visit would: a test that goes offline without the service worker and looks at the outbox waits
 * for this first.
 */
export async function outboxLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/outbox-indicator-[\w-]+\.js$/.test(entry.name)),
  );
}

type AxeViolations = AxeResults['violations'];

/**
 * The project's axe-core as its minified build (the same version and rules as `axe.source`, which is
 * the unminified axe.js): 0.65 MB for the page to parse instead of 1.5 MB, about half a second less
 * for every document a check runs in. Read on first use.
 */
let axeSource: string | undefined;
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Waits until nothing on the page is moving: no CSS transition or animation with an end is running
 * (a menu or dialog fading in, a hover colour changing), looked at from two frames after the call so
 * that a transition about to start (Mantine starts one on the frame after the element mounts) is
 * seen. Endless animations (spinners, skeletons) are not waited for. expectNoSeriousAxeViolations
 * calls it, so axe measures the colours a person sees, not a frame of a fade. Fails after `timeout`
 * naming what still moves.
 */
export async function transitionsDone(page: Page, timeout = 10_000): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  try {
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || !Number.isFinite(animation.effect?.getComputedTiming().endTime)),
      undefined,
      { polling: 'raf', timeout },
    );
  } catch (error) {
    const moving = await page
      .evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime))
          .map((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            const name = 'transitionProperty' in animation ? `transition of ${String(animation.transitionProperty)}` : 'animation';
            return `${name} on ${target ? `${target.tagName.toLowerCase()}.${target.className}` : 'nothing'}`;
          }),
      )
      .catch(() => []);
    throw new Error(`Still moving after ${timeout} ms: ${moving.join('; ') || 'nothing now'}`, { cause: error });
  }
}

/**
 * Runs axe-core on the page (its default rules: WCAG 2.0 and 2.1 A and AA, best practices, and
 * since axe-core 4.14 WCAG 2.5.3 "label in name", so a speech-input user can say what they see) and
 * throws, listing them, when any violation is serious or critical.
 *
 * It runs the project's axe-core in the page itself, injected once per document, and asks only for
 * violations. @axe-core/playwright's AxeBuilder opens a second page for every run to assemble the
 * results, which cost about a second a screen: a third of a whole-area walk. The app has no frames,
 * so the page's own document is all there is to check.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  await transitionsDone(page);
  // The app's error page is axe clean too; a check meant for a screen must not pass on it instead.
  const crashed = await page.evaluate(() => {
    const message = document.querySelector('[data-testid="error-message"]');
    const heading = document.querySelector('h1')?.textContent ?? '';
    return message && heading !== 'Page Not Found' ? `${heading}: ${message.textContent ?? ''}` : null;
  });
  if (crashed) throw new Error(`axe was to check ${page.url()}, which shows the error page instead (${crashed})`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeScript());
  const rules: Record<string, { enabled: boolean }> = {};
  for (const rule of options.disableRules ?? []) rules[rule] = { enabled: false };
  const violations = await page.evaluate(
    async ({ exclude, rules }) => {
      const runner = (window as unknown as { axe: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> } }).axe;
      const context: ElementContext =
        exclude.length > 0 ? { include: [document], exclude: exclude.map((selector) => [selector]) } : document;
      return (await runner.run(context, { resultTypes: ['violations'], rules })).violations;
    },
    { exclude: options.exclude ?? [], rules },
  );
  await reportSerious(page, violations);
}

async function reportSerious(page: Page, violations: AxeViolations): Promise<void> {
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
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
