import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

// Issue 29, "A look of its own": the screens that start something (the vision, planning,
// meditations) each open on an illustration with the heading in the display face. Each screen is
// photographed at a phone's and a laptop's width in light and dark mode (the pictures land in
// the test's output folder and in the report, for a person to look at), and what an athlete
// would notice is checked: the display face is really used, nothing is fetched from another
// site, the picture fits a 375 px screen without a sideways scroll, and axe finds nothing.

/** The redesigned screens, each with something that shows it has finished loading. */
const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'vision-welcome',
    path: '/athletic-vision-welcome',
    ready: (p) => expect(p.getByTestId('vision-first-name')).toHaveText('Jordan'),
  },
  { name: 'vision-next', path: '/athletic-vision-next', ready: (p) => expect(p.locator('blockquote')).toBeVisible() },
  {
    name: 'vision-first-time',
    path: '/athletic-vision-first-time-q',
    ready: (p) => expect(p.getByRole('link', { name: 'First time' })).toBeVisible(),
  },
  {
    name: 'vision-completion',
    path: '/athletic-vision-completion',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Congratulations, Jordan!' })).toBeVisible(),
  },
  { name: 'planning', path: '/planning', ready: (p) => expect(p.getByRole('link', { name: 'Week' })).toBeVisible() },
  {
    name: 'daily-action-welcome',
    path: '/daily-action-welcome',
    ready: (p) => expect(p.getByRole('heading', { name: "Hey Jordan hope your day's been awesome." })).toBeVisible(),
  },
  {
    name: 'weekly-map-welcome',
    path: '/weekly-map-welcome',
    ready: (p) => expect(p.getByRole('button', { name: 'Start' })).toBeEnabled(),
  },
  { name: 'meditations', path: '/meditations', ready: (p) => expect(p.getByRole('heading', { name: 'Meditations' })).toBeVisible() },
];

/** Every axe finding of the WCAG 2.1 A and AA rules, whatever its impact. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
}

/** The page once its fonts are in and nothing is fading in any more. */
async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** How the h1 and the body text are set, and which of the two faces have loaded. */
function fonts(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector('h1');
    const loaded = (family: string) =>
      [...document.fonts].some((face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded');
    return {
      heading: h1 ? getComputedStyle(h1).fontFamily : '',
      body: getComputedStyle(document.body).fontFamily,
      displayLoaded: loaded('Barlow Condensed'),
      textLoaded: loaded('Source Sans 3 Variable'),
    };
  });
}

async function photograph(page: Page, testInfo: TestInfo, file: string) {
  const path = testInfo.outputPath(file);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(file, { path, contentType: 'image/png' });
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test.describe(`at ${width} px in ${colorScheme} mode`, () => {
      test.use({ viewport: { width, height: width < 600 ? 812 : 900 }, colorScheme });

      test('each redesigned screen opens on its picture and display heading, from the app alone, and passes axe', async ({
        page,
        baseURL,
      }, testInfo) => {
        const elsewhere: string[] = [];
        page.on('request', (request) => {
          const url = request.url();
          // data: and blob: URLs never leave the device.
          if (url.startsWith('data:') || url.startsWith('blob:')) return;
          if (!url.startsWith(`${baseURL}/`)) elsewhere.push(url);
        });

        await signIn(page, createUser('Jordan', { paid: true }));
        await page.emulateMedia({ colorScheme });

        for (const screen of SCREENS) {
          await test.step(screen.path, async () => {
            await page.goto(screen.path);
            await screen.ready(page);
            await settled(page);

            const font = await fonts(page);
            expect(font.heading, `${screen.path}: the h1 is set in the display face`).toMatch(/^"?Barlow Condensed"?,/);
            expect(font.displayLoaded, `${screen.path}: the display face has loaded`).toBe(true);
            expect(font.body, `${screen.path}: the text is set in the text face`).toMatch(/^"?Source Sans 3 Variable"?,/);
            expect(font.textLoaded, `${screen.path}: the text face has loaded`).toBe(true);

            const art = page.getByTestId('hero-art');
            await expect(art).toBeVisible();
            await expect(art).toHaveAttribute('aria-hidden', 'true');
            const box = await art.boundingBox();
            expect(box, `${screen.path}: the picture has a size`).not.toBeNull();
            expect(box!.x).toBeGreaterThanOrEqual(0);
            expect(box!.x + box!.width).toBeLessThanOrEqual(width);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

            await photograph(page, testInfo, `${screen.name}-${width}-${colorScheme}.png`);
            expect(await axeViolations(page), `${screen.path}: axe`).toEqual([]);
          });
        }

        expect(elsewhere, 'requests that left the app').toEqual([]);
      });
    });
  }
}
