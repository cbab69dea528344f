import { describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, DISABLED_FEATURES, mergeDisabledFeatures } from './chromium-args.ts';
import { CHROMIUM_FLAGS, findChromium } from './prerequisites.ts';

const disabled = (args: readonly string[]) => args.filter((arg) => arg.startsWith('--disable-features='));

describe('the arguments Chromium is launched with', () => {
  it('fold every list of disabled features into one, which Chromium heeds whole', () => {
    const args = mergeDisabledFeatures(
      ['--headless', '--disable-features=Translate,MediaRouter', '--no-sandbox', '--disable-features=MediaRouter'],
      ['WebUIOmniboxPopup'],
    );
    expect(args).toEqual(['--headless', '--no-sandbox', '--disable-features=Translate,MediaRouter,WebUIOmniboxPopup']);
  });

  it('keep the features Playwright turns off, and turn ours off too', async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('Chromium not found: `node scripts/prerequisites.ts` installs it');
    const args = await chromiumLaunchArgs(executablePath);
    expect(args).toEqual(expect.arrayContaining(CHROMIUM_FLAGS));
    expect(disabled(args)).toHaveLength(1);
    const features = disabled(args)[0]!.split('=')[1]!.split(',');
    // PaintHolding is one Playwright turns off (tests see a page as soon as it paints).
    expect(features).toEqual(expect.arrayContaining(['PaintHolding', ...DISABLED_FEATURES]));
  });
});
