// Draws the app icons (web/public/icons/*.png) from the favicon's "S" on the header's navy, in
// Chromium through e2e's Playwright. Run after changing the drawing and commit the PNGs:
//   node web/scripts/make-icons.mjs        (e2e's `npm ci` first)
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../e2e/package.json', import.meta.url)));
const { chromium } = require('@playwright/test');
const out = (name) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));

const NAVY = '#0b1f3a';
const GOLD = '#ffb703';
// The favicon's letter, drawn on a 64-unit square.
const S = 'M18 42c4 4 10 5 15 4 6-1 10-5 8-10-3-7-19-4-19-12 0-5 6-8 12-7 4 1 7 3 9 5';

/** `scale` shrinks the letter about the centre: maskable icons keep it inside the safe circle. */
function svg(size, scale) {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${NAVY}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="${S}" fill="none" stroke="${GOLD}" stroke-width="6" stroke-linecap="round"/>
  </g></svg>`;
}

const icons = [
  { name: 'icon-192.png', size: 192, scale: 1.15 },
  { name: 'icon-512.png', size: 512, scale: 1.15 },
  // Maskable: the letter spans about 45 % of the square, well inside the 80 % safe circle.
  { name: 'maskable-192.png', size: 192, scale: 0.9 },
  { name: 'maskable-512.png', size: 512, scale: 0.9 },
  { name: 'apple-touch-icon.png', size: 180, scale: 1.1 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const { name, size, scale } of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<body style="margin:0">${svg(size, scale)}</body>`);
  await page.locator('svg').screenshot({ path: out(name), omitBackground: false });
}
await browser.close();
