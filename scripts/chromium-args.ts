/**
 * The arguments every browser test and drill launches Chromium with through Playwright: CHROMIUM_FLAGS
 * (scripts/prerequisites.ts), and the Chromium features the project turns off added to the ones
 * Playwright turns off.
 *
 * Chromium takes only the last `--disable-features` it is given, and Playwright gives its own list
 * first (PaintHolding, Translate, ThirdPartyStoragePartitioning and a dozen more, which tests rely on).
 * A second `--disable-features` would undo that list, and Playwright does not publish it; so
 * chromiumLaunchArgs() launches Chromium once, reads the list from the browser process's command line
 * (Linux's /proc) and gives back one `--disable-features` holding both.
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './prerequisites.ts';

/** What the project turns off, on top of Playwright's list. */
export const DISABLED_FEATURES = [
  // Chromium 15x builds each window's address-bar popups as web pages (chrome://omnibox-popup.top-chrome,
  // its AI-mode page among them) in a renderer of its own: some 3 to 4 s of CPU for every browser
  // context a test opens, about as much as the app's own first load, for popups a headless browser
  // never shows.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

const DISABLE = '--disable-features=';

/** `args` with every `--disable-features` folded into one, `extra` added. */
export function mergeDisabledFeatures(args: readonly string[], extra: readonly string[] = DISABLED_FEATURES): string[] {
  const given = args.filter((arg) => arg.startsWith(DISABLE)).flatMap((arg) => arg.slice(DISABLE.length).split(','));
  const features = [...new Set([...given, ...extra])].filter(Boolean);
  return [...args.filter((arg) => !arg.startsWith(DISABLE)), `${DISABLE}${features.join(',')}`];
}

/** A process's command line (Linux's /proc); undefined where it cannot be read. */
function commandLine(pid: number | undefined): string[] | undefined {
  if (pid === undefined) return undefined;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

/**
 * Launches Chromium once with CHROMIUM_FLAGS and answers the arguments to launch it with from then on.
 * Where Playwright's own list cannot be read (no /proc), answers CHROMIUM_FLAGS alone, and says so:
 * better the popups' cost than Playwright's list undone.
 */
export async function chromiumLaunchArgs(executablePath: string): Promise<string[]> {
  // A server, for its process: Debian's /usr/bin/chromium is a script that execs the browser, which keeps its pid.
  const server = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_FLAGS });
  let launched: string[] | undefined;
  try {
    launched = commandLine(server.process().pid);
  } finally {
    await server.close();
  }
  const playwrights = launched?.filter((arg) => arg.startsWith(DISABLE)) ?? [];
  if (playwrights.length === 0) {
    console.warn("Chromium's command line could not be read: launching it without turning its omnibox popups off");
    return [...CHROMIUM_FLAGS];
  }
  return mergeDisabledFeatures([...playwrights, ...CHROMIUM_FLAGS]);
}
