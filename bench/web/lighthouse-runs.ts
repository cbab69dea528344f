/**
 * Lighthouse (the npm package) over Debian's Chromium against the real server. Chromium is launched
 * headless with the network closed to the outside (no background networking, component updates or
 * sync). Signed-in pages get the session the app itself keeps (a cookie): the bench signs in through
 * the sign-in screen with playwright-core on the same Chromium (over CDP) before running Lighthouse
 * on them; Lighthouse keeps cookies between runs and clears the HTTP cache before each, so every run
 * is a first visit with a session.
 *
 * Throttling is Lighthouse's simulated throttling (its default): the page loads at full speed and
 * the metrics are computed for the profile's network and CPU.
 */
import { Launcher, launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { mergeDisabledFeatures } from '../../scripts/chromium-args.ts';
import { CHROMIUM_FLAGS } from '../../scripts/prerequisites.ts';
import type { Protocol } from './app-server.ts';

export const CHROMIUM = '/usr/bin/chromium';

export type FormFactor = 'mobile' | 'desktop';

export type LighthouseMetrics = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
};

export type LighthouseRun = LighthouseMetrics & {
  finalUrl: string;
  /** Scripts and style sheets the page loaded (from Lighthouse's network-requests audit). */
  resources: Array<{ url: string; type: string; transferBytes: number; resourceBytes: number }>;
  warnings: string[];
  /**
   * Lighthouse's reading of the machine's CPU speed, taken as the run starts (higher is faster). The
   * simulated CPU is the observed one slowed four times, so the same build scores lower on a slower
   * machine: print it beside the scores.
   */
  benchmarkIndex: number;
};

export type LighthouseCase = {
  path: string;
  formFactor: FormFactor;
  signedIn: boolean;
  protocol: Protocol;
  median: LighthouseMetrics;
  runs: LighthouseRun[];
};

/**
 * chrome-launcher's own flags with ours, its disabled features and ours in one `--disable-features`
 * (Chromium heeds only the last one; scripts/chromium-args.ts), so the address-bar popup's renderer
 * does not take CPU from the page being measured.
 */
export async function launchChromium(options: { trustCertificateSpki?: string | null } = {}): Promise<LaunchedChrome> {
  const chromeFlags = mergeDisabledFeatures([
    ...Launcher.defaultFlags(),
    ...CHROMIUM_FLAGS,
    // The bench's own certificate for localhost, trusted as a real one would be (the page stays a secure context).
    ...(options.trustCertificateSpki ? [`--ignore-certificate-errors-spki-list=${options.trustCertificateSpki}`] : []),
  ]);
  return launch({ chromePath: CHROMIUM, chromeFlags, ignoreDefaultFlags: true, logLevel: 'silent' });
}

/** Signs in through /login in the browser's default context, so later pages carry the session cookie. */
export async function signInThroughScreen(debugPort: number, baseUrl: string, account: { email: string; password: string }): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('E-mail address').fill(account.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.getByRole('heading', { name: /Welcome/ }).waitFor({ timeout: 30_000 });
    const cookies = await context.cookies(baseUrl);
    if (!cookies.some((cookie) => cookie.name.startsWith('precinct-auth-token')))
      throw new Error('Signed in, but no session cookie was set');
    await page.close();
  } finally {
    // Disconnects; the default context (and its cookies) stays with the browser.
    await browser.close();
  }
}

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no value for ${audit}`);
  return value;
}

type NetworkItem = { url?: unknown; resourceType?: unknown; transferSize?: unknown; resourceSize?: unknown };

export async function runLighthouse(debugPort: number, url: string, formFactor: FormFactor): Promise<LighthouseRun> {
  const flags: Flags = { port: debugPort, output: 'json', onlyCategories: ['performance'], logLevel: 'error' };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse gave no performance score for ${url}`);
  const details = lhr.audits['network-requests']?.details;
  const items: NetworkItem[] = details && details.type === 'table' ? (details.items as NetworkItem[]) : [];
  const resources = items
    .filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet')
    .map((item) => ({
      url: String(item.url),
      type: String(item.resourceType),
      transferBytes: Number(item.transferSize ?? 0),
      resourceBytes: Number(item.resourceSize ?? 0),
    }));
  return {
    score: Math.round(score * 100),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    finalUrl: lhr.finalDisplayedUrl,
    resources,
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Each metric's median over the runs (metric by metric, not the median run). */
export function medianMetrics(runs: LighthouseMetrics[]): LighthouseMetrics {
  const of = (pick: (run: LighthouseMetrics) => number) => median(runs.map(pick));
  return {
    score: of((run) => run.score),
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    speedIndexMs: of((run) => run.speedIndexMs),
  };
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, PROTOCOL_TIMEOUT):
 * such a run is repeated, up to twice, and says so; a failure of the page itself is not.
 */
async function withRetries(run: () => Promise<LighthouseRun>): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt > 2 || !/NO_NAVSTART|PROTOCOL_TIMEOUT|NO_FCP|NO_LCP|TRACE/.test(message)) throw error;
      console.warn(`  Lighthouse could not record this run (${message.split('\n')[0]}); running it again`);
    }
  }
}

export async function lighthouseCase(
  debugPort: number,
  baseUrl: string,
  path: string,
  formFactor: FormFactor,
  options: { runs: number; signedIn: boolean; protocol: Protocol; onRun?: (run: LighthouseRun, index: number) => void },
): Promise<LighthouseCase> {
  const runs: LighthouseRun[] = [];
  for (let index = 0; index < options.runs; index += 1) {
    const run = await withRetries(() => runLighthouse(debugPort, `${baseUrl}${path}`, formFactor));
    const landed = new URL(run.finalUrl).pathname;
    if (landed !== path) throw new Error(`Lighthouse on ${path} ended on ${landed} (a redirect: signed in as expected?)`);
    runs.push(run);
    options.onRun?.(run, index);
  }
  return { path, formFactor, signedIn: options.signedIn, protocol: options.protocol, median: medianMetrics(runs), runs };
}
