import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs';
import { accessToken, expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';
import { underServiceWorker } from '../support/service-worker';

/** The app on an athlete's phone (issue 28): installable, and the bedtime routine offline. */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the manifest is served with what browsers need to install SWAZ, and its icons are PNGs', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'SWAZ',
    short_name: 'SWAZ',
    start_url: '/user-dashboard',
    scope: '/',
    display: 'standalone',
    id: '/user-dashboard',
    theme_color: '#0b1f3a',
    background_color: '#0b1f3a',
  });
  expect(String(manifest.description)).not.toBe('');

  const any = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any'));
  const maskable = manifest.icons.filter((icon) => icon.purpose?.split(' ').includes('maskable'));
  expect(any.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(maskable.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['512x512']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const body = await image.body();
    // The PNG's own width and height (IHDR) are the size the manifest promises.
    const [width, height] = icon.sizes.split('x').map(Number);
    expect([body.readUInt32BE(16), body.readUInt32BE(20)], icon.src).toEqual([width, height]);
  }
  const touchIcon = await request.get('/icons/apple-touch-icon.png');
  expect(touchIcon.headers()['content-type']).toBe('image/png');

  // A new service worker is looked for on every visit: never cached for a year.
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('the home page links the manifest and the phone meta tags', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b1f3a');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
});


test('the service worker registers and controls the page after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await underServiceWorker(page);
  await expect(page.getByTestId('home')).toBeVisible();
});

test('Chromium finds SWAZ installable: its own check, the one Lighthouse reported, has nothing to say', async ({
  baseURL,
}) => {
  // A profile of its own: Playwright's usual contexts are incognito, where nothing installs.
  const profile = mkdtempSync(join(tmpdir(), 'swaz-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await underServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new version waits for "Reload" and takes over only then', async ({ page }) => {
  await page.goto('/');
  await underServiceWorker(page);
  const waiting = () => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)));
  const activeWorker = () =>
    page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.scriptURL ?? ''));

  // The next deploy: the server's sw.js changes by a byte. (Playwright's routing does not see the
  // browser's update check, so the served file itself changes, and is put back afterwards.)
  const swFile = join(process.env.SWAZ_WEB_DIR ?? '', 'sw.js');
  const original = readFileSync(swFile, 'utf8');
  try {
    writeFileSync(swFile, `${original}\n// the next version\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version of SWAZ is ready.');
    // Waiting, not in charge: nothing reloads by itself.
    await expect.poll(waiting).toBe(true);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 375, height: 812 });
    const reload = prompt.getByRole('button', { name: 'Reload' });
    expect((await reload.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: test.info().outputPath('update-prompt-dark.png') });
    const axe = await new AxeBuilder({ page }).include('[data-testid="update-prompt"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    expect(await waiting()).toBe(true);

    // The next time it is offered, "Reload" hands over to the new version and reloads once.
    await page.reload();
    await expect(prompt).toBeVisible();
    const loaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await loaded;
    await expect.poll(waiting).toBe(false);
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await activeWorker()).toMatch(/\/sw\.js$/);
  } finally {
    writeFileSync(swFile, original);
  }
});

interface ServerEvent {
  id: string;
  kind: string;
  createdAt: string;
}

async function practiceEvents(request: APIRequestContext, token: string): Promise<ServerEvent[]> {
  const res = await request.get('/_api/v1/practice/events', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { events: ServerEvent[] }).events;
}

test('in airplane mode the dashboard, playback and breathing open, and the practice done there counts once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const member = createUser('Mara', { paid: true });
  await signIn(page, member);
  const token = await accessToken(page);
  const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`q${i + 1}`, `Mara answer ${i + 1}, calm and strong.`]));
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: answers,
  });
  expect(saved.ok()).toBe(true);
  // The page's clock runs two hours behind: the practice is sent later with the time it happened.
  const twoHoursAgo = Date.now() - 2 * 3600 * 1000;
  await page.clock.install({ time: twoHoursAgo });

  // A first visit to each screen online, under the service worker.
  await underServiceWorker(page);
  await expect(page.getByRole('heading', { name: /Mara/ })).toBeVisible();
  const streakOnline = await page.getByTestId('streak').textContent();
  await page.goto('/athletic-vision');
  await expect(page.getByRole('heading', { name: "Mara's Winning Formula" })).toBeVisible();
  await page.goto('/sleep-well');
  await expect(page.getByRole('heading', { name: 'Sleep Well :)' })).toBeVisible();
  expect(await practiceEvents(page.request, token)).toEqual([]);

  await context.setOffline(true);

  await page.goto('/user-dashboard');
  await expect(page.getByTestId('offline-marker')).toContainText('Offline — showing your last figures');
  await expect(page.getByRole('heading', { name: /Mara/ })).toBeVisible();
  await expect(page.getByTestId('streak')).toHaveText(streakOnline ?? '');

  await page.goto('/athletic-vision');
  await expect(page.getByRole('heading', { name: "Mara's Winning Formula" })).toBeVisible();
  await expect(page.getByText('Mara answer 1, calm and strong.', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'I listened to my vision' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'saved on this phone' })).toBeVisible();

  await page.getByRole('link', { name: 'Good night' }).click();
  await expect(page.getByRole('heading', { name: 'Sleep Well :)' })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('breathing-status')).toContainText('Inhale 4');
  await page.clock.runFor(80_000);
  await expect(page.getByTestId('breathing-status')).toContainText('Well done. Sleep well.');
  await expect(page.getByRole('status').filter({ hasText: 'saved on this phone' })).toBeVisible();

  // Kept on the device, each with its own id and time; the server has nothing yet.
  const queued = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('swaz.practiceQueue.'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string; kind: string; at: string }[]) : [];
  });
  expect(queued.map((e) => e.kind)).toEqual(['vision_listened', 'breathing_done']);
  expect(await practiceEvents(page.request, token)).toEqual([]);

  // Back online: the queue is sent by itself, each event with the time it happened.
  await context.setOffline(false);
  await expect.poll(async () => (await practiceEvents(page.request, token)).length).toBe(2);
  const events = await practiceEvents(page.request, token);
  for (const sent of queued) {
    const event = events.find((e) => e.kind === sent.kind);
    expect(event, sent.kind).toBeDefined();
    expect(Date.parse(event!.createdAt)).toBe(Date.parse(sent.at));
    expect(Math.abs(Date.parse(event!.createdAt) - twoHoursAgo)).toBeLessThan(10 * 60 * 1000);
  }
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('swaz.practiceQueue.')).length))
    .toBe(0);

  // Sent again (a flaky network, a second tab): the server answers the first and counts it once.
  const again = await page.request.post('/_api/v1/practice/events', {
    headers: { Authorization: `Bearer ${token}` },
    data: queued[0],
  });
  expect(again.status()).toBe(200);
  expect(await practiceEvents(page.request, token)).toHaveLength(2);

  // Online again, the dashboard drops the marker.
  await page.goto('/user-dashboard');
  await expect(page.getByRole('heading', { name: /Mara/ })).toBeVisible();
  await expect(page.getByTestId('offline-marker')).toHaveCount(0);
});

test('on a network that hangs, the practice is saved on the phone within seconds and sent when the app starts again', async ({
  page,
}) => {
  const member = createUser('Noor', { paid: true });
  await signIn(page, member);
  const token = await accessToken(page);
  const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`q${i + 1}`, `Noor answer ${i + 1}.`]));
  expect((await page.request.post('/_api/v1/userinput/athleticvision', { headers: { Authorization: `Bearer ${token}` }, data: answers })).ok()).toBe(true);
  await page.clock.install();

  // A weak signal in bed: the request goes out and no answer comes back.
  await page.route('**/_api/v1/practice/events', () => {});
  await page.goto('/athletic-vision');
  await page.getByRole('button', { name: 'I listened to my vision' }).click();
  await page.clock.runFor(9000);
  await expect(page.getByRole('status').filter({ hasText: 'saved on this phone' })).toBeVisible();
  expect(await practiceEvents(page.request, token)).toEqual([]);

  // The next start of the app sends it.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/user-dashboard');
  await expect.poll(async () => (await practiceEvents(page.request, token)).map((e) => e.kind)).toEqual(['vision_listened']);
});

/** What Chromium fires when SWAZ can be installed; the test stands in for the browser. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void> };
    (window as unknown as { __prompted: number }).__prompted = 0;
    event.prompt = async () => {
      (window as unknown as { __prompted: number }).__prompted += 1;
    };
    window.dispatchEvent(event);
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('"Install SWAZ" appears when the browser offers installing, and "Not now" keeps it away', async ({ page, user }) => {
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: new RegExp(user.firstName) })).toBeVisible();
    await expect(page.getByTestId('install-card')).toHaveCount(0);

    await offerInstall(page);
    const card = page.getByTestId('install-card');
    await expect(card).toBeVisible();
    const install = card.getByRole('button', { name: 'Install SWAZ' });
    const box = await install.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await install.click();
    expect(await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
    // The browser's dialog takes over; the event is used once.
    await expect(card).toHaveCount(0);

    await offerInstall(page);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Not now' }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: new RegExp(user.firstName) })).toBeVisible();
    await offerInstall(page);
    await expect(page.getByTestId('install-card')).toHaveCount(0);
  });

  test.describe('on an iPhone', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });

    test('the dashboard shows the Add to Home Screen steps', async ({ page, user }) => {
      await signIn(page, user);
      const card = page.getByTestId('install-card');
      await expect(card).toContainText('Add to Home Screen');
      await expect(card).toContainText('Share');
      await card.getByRole('button', { name: 'Got it' }).click();
      await expect(card).toHaveCount(0);
    });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the install offer and the offline dashboard have no serious accessibility violation in ${colorScheme} mode`, async ({
      page,
      context,
      user,
    }) => {
      await page.emulateMedia({ colorScheme });
      await signIn(page, user);
      await underServiceWorker(page);
      // The dashboard's answer is kept on the phone before the network goes.
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await (await caches.open('swaz-api')).keys()).some((r) => r.url.endsWith('/_api/v1/dashboard')),
          ),
        )
        .toBe(true);
      await context.setOffline(true);
      await page.goto('/user-dashboard');
      await offerInstall(page);
      await expect(page.getByTestId('offline-marker')).toBeVisible();
      await expect(page.getByTestId('install-card')).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await page.screenshot({ path: test.info().outputPath(`dashboard-${colorScheme}.png`) });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
});
