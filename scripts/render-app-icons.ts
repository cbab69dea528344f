/**
 * Renders the installed app's icons from web/public/favicon.svg with Chromium, once; the PNGs are
 * committed (web/public/icons/), so a build needs no browser. Run again after the logo changes:
 *
 *   node scripts/render-app-icons.ts
 *
 * Writes icon-192.png and icon-512.png (the shield on a transparent square, as the favicon) and
 * icon-maskable-512.png (the shield inside the middle 60% of a solid square: launchers crop a maskable
 * icon to a circle or a rounded square, keeping only the central 80% safe zone).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from './prerequisites.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(path.join(root, 'web/public/favicon.svg'), 'utf8');
const outDir = path.join(root, 'web/public/icons');

/** The maskable icon's background: the light theme's page colour, the shield keeps its blue. */
const MASKABLE_BACKGROUND = '#ffffff';

const icons = [
  { file: 'icon-192.png', size: 192, logoShare: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, logoShare: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, logoShare: 0.6, background: MASKABLE_BACKGROUND },
];

const executablePath = findChromium();
if (!executablePath) throw new Error('Chromium not found: `node scripts/prerequisites.ts` installs it.');
const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
try {
  mkdirSync(outDir, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const logo = Math.round(icon.size * icon.logoShare);
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">` +
        `<img src="${dataUrl}" width="${logo}" height="${logo}" alt=""></body></html>`,
    );
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    const png = await page.screenshot({ omitBackground: icon.background === 'transparent', type: 'png' });
    writeFileSync(path.join(outDir, icon.file), png);
    console.log(`web/public/icons/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
