import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { buyTeamPlan } from '../support/checkout';
import { expect, signIn, test } from '../support/fixtures';
import { createUser, type TestUser } from '../support/users';

// Issue 29: every member page scanned at 375 and 1280 px, in light and dark. One signed-in page
// per role and width visits each screen once and scans it in both colour schemes.

// The coach's team page copies the invite link it shows. No service worker: it would answer the
// leaving pages' move to the dashboard from its cache, past `page.route`, in the middle of a scan.
test.use({ permissions: ['clipboard-read', 'clipboard-write'], serviceWorkers: 'block' });

/** The athlete's screens (app/router.tsx and each feature's routes/index.tsx). */
function athletePages(ids: { logId: string; invitePath: string }): string[] {
  return [
    '/user-dashboard',
    '/account',
    '/account/change-password',
    '/account/notification-settings',
    '/account/coach-sharing',
    '/account/membership',
    '/account/billing',
    '/account/change-plan',
    '/account/cancel-membership',
    '/account/team-config',
    '/athletic-vision-welcome',
    '/athletic-vision-next',
    '/athletic-vision-first-time-q',
    '/athletic-vision-define-life-purpose',
    '/athletic-vision-perfect-day',
    '/athletic-vision-edit',
    '/athletic-vision-completion',
    '/athletic-vision-review',
    '/athletic-vision',
    '/sleep-well',
    '/planning',
    '/weekly-map-welcome',
    '/weekly-map-create',
    '/weekly-map-athletic-vision',
    '/daily-action-welcome',
    '/daily-action-create',
    '/daily-logs',
    `/daily-logs/${ids.logId}`,
    '/check-in',
    '/meditations',
    ids.invitePath,
  ];
}

/** Screens that leave for the dashboard after 1.5 s: scanned with that move held back. */
const LEAVING_PAGES = ['/swaz-subscription-checkout-cancelled', '/swaz-subscription-change-checkout-cancelled'];

/** The coach's own screens besides the athlete's. */
function coachPages(ids: { athleteId: string }): string[] {
  return ['/account/team-config', '/account/team-config/board', `/account/team-config/athletes/${ids.athleteId}`];
}

interface World {
  coach: TestUser;
  athlete: TestUser;
  athleteId: string;
  logId: string;
  invitePath: string;
}

let world: World | undefined;

async function apiToken(request: APIRequestContext, user: TestUser): Promise<{ token: string; id: string }> {
  const answer = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, id: body.user.id };
}

async function call(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: object) {
  const answer = await request[method](`/_api/v1${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(answer.ok(), `${method} ${path}: ${answer.status()}`).toBe(true);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** A coach with a team (bought through the test-mode checkout) and an athlete in it with some of everything. */
async function makeWorld(browser: Browser, request: APIRequestContext, baseURL: string | undefined): Promise<World> {
  const coach = createUser('Casey');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, coach);
  await buyTeamPlan(page, 'Casey Coach');
  await context.close();

  const coachToken = (await apiToken(request, coach)).token;
  const invite = await call(request, coachToken, 'post', '/team/invitelink');
  const invitePath = new URL(invite.link as string).pathname;
  const hash = invitePath.split('/').pop()!;

  const athlete = createUser('Riley', { paid: true });
  const { token, id: athleteId } = await apiToken(request, athlete);
  await call(request, token, 'post', `/team/invite/${hash}/accept`);
  const answers = Object.fromEntries(
    Array.from({ length: 9 }, (_, i) => [`q${i + 1}`, `Riley grows more and more confident, answer ${i + 1}.`]),
  );
  await call(request, token, 'post', '/userinput/athleticvision', answers);
  await call(request, token, 'post', '/practice/events', { kind: 'breathing_done' });
  await call(request, token, 'post', '/checkin', { sleep: 4, energy: 3, mood: 4, stress: 2, confidence: 4 });
  await call(request, token, 'post', '/userinput/weeklymap', {
    first: true,
    q6: 'Week objective one',
    q7: 'Week objective two',
    q8: 'Week objective three',
    q9: 'Read',
    q10: 'Lift',
    q11: 'Family dinner',
  });
  const action = await call(request, token, 'post', '/userinput/dailyaction', {
    r1: 'Wins',
    r2: 'Lesson',
    r3: 8,
    q1: 'Objective one',
    q2: 'Objective two',
    q3: 'Objective three',
    q4: 'Mind',
    q5: 'Body',
    q6: 'Soul',
  });
  return { coach, athlete, athleteId, logId: String(action.id), invitePath };
}

/** The page has arrived: a main heading, no spinner, and the finite animations finished. */
async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.spinner-border')).toHaveCount(0);
  // The breathing circle and the like go on for ever: wait only for the ones that end.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .every((a) => a.playState !== 'running'),
    undefined,
    { polling: 100, timeout: 15_000 },
  );
}

/** Serious or critical WCAG 2.1 AA findings on this page, light and dark. */
async function scan(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') {
        const nodes = v.nodes.map((n) => `${n.target.join(' ')} ${n.any.map((check) => check.message).join(' ')}`);
        found.push(`${path} (${scheme}): ${v.id}: ${v.help}\n  ${nodes.join('\n  ')}`);
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** Opens `path`; once more when the previous page's own move (to the dashboard) cut it short. */
async function open(page: Page, path: string) {
  try {
    await page.goto(path);
  } catch (error) {
    if (!String(error).includes('net::ERR_ABORTED')) throw error;
    await page.goto(path);
  }
}

async function scanAll(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    const started = Date.now();
    await open(page, path);
    found.push(...(await scan(page, path)));
    if (process.env.E2E_TRACE_SCANS) console.log(`${path}: ${Date.now() - started} ms`);
  }
  return found;
}

test.beforeAll(async ({ browser, request, baseURL }) => {
  test.setTimeout(90_000);
  world ??= await makeWorld(browser, request, baseURL);
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px, light and dark`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("every athlete's page has no serious or critical accessibility violation", async ({ page }) => {
      test.setTimeout(150_000);
      await signIn(page, world!.athlete);
      const found = await scanAll(page, athletePages(world!));
      // A navigation answered 204 No Content leaves the page where it is.
      await page.route('**/user-dashboard', (route) => route.fulfill({ status: 204 }));
      found.push(...(await scanAll(page, LEAVING_PAGES)));
      // Past the 1.5 s the move was held back: what was scanned is the page that leaves.
      await page.waitForTimeout(2_000);
      await expect(page).toHaveURL(LEAVING_PAGES.at(-1)!);
      expect(found).toEqual([]);
    });

    test("the coach's team pages have no serious or critical accessibility violation", async ({ page }) => {
      await signIn(page, world!.coach);
      const found = await scanAll(page, coachPages(world!));
      // With the invite link shown.
      await page.goto('/account/team-config');
      await page.getByRole('button', { name: 'Invite members' }).click();
      await expect(page.getByLabel('Invite link')).toBeVisible();
      // '✓ Invite Link Copied' turns back after 2 s: scanned once it has, not halfway.
      await expect(page.getByRole('button', { name: 'Invite members' })).toBeVisible();
      found.push(...(await scan(page, '/account/team-config (invite link)')));
      expect(found).toEqual([]);
    });
  });
}
