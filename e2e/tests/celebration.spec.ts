import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { advanceClock, putClockBack, serverNow } from '../support/dev-clock';
import { accessToken, expect, signIn, test } from '../support/fixtures';
import { createUser, type TestUser } from '../support/users';

// Issue 29: finishing the vision, 3 of 3 today and streak milestones get a moment of motion and a
// line of words, once per occasion, never in the way.

test.afterEach(async ({ request }) => putClockBack(request));

const ZONE = 'America/Los_Angeles';
test.use({ timezoneId: ZONE, viewport: { width: 375, height: 667 } });

const DAY_SECONDS = 86_400;
const VISION_WORDS = 'Your Athletic Vision is written. Hear it tonight at bedtime.';
const ALL_DONE_WORDS = '3 of 3 today — that’s how champions are built.';
const THREE_DAYS_WORDS = '3 days in a row — a habit is starting.';

async function apiToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

type Kind = 'vision_listened' | 'breathing_done';

async function practise(request: APIRequestContext, token: string, kinds: Kind[], dailyAction = false) {
  const headers = { Authorization: `Bearer ${token}` };
  for (const kind of kinds) {
    expect((await request.post('/_api/v1/practice/events', { headers, data: { kind } })).ok()).toBe(true);
  }
  if (dailyAction) {
    const saved = await request.post('/_api/v1/userinput/dailyaction', {
      headers,
      data: { r1: 'Wins', r2: 'Lesson', r3: 8, q1: 'One', q2: 'Two', q3: 'Three', q4: 'Mind', q5: 'Body', q6: 'Soul' },
    });
    expect(saved.status()).toBe(201);
  }
}

const allThree = (request: APIRequestContext, token: string) =>
  practise(request, token, ['vision_listened', 'breathing_done'], true);

function celebration(page: Page): Locator {
  return page.getByTestId('celebration');
}

/** Nothing the celebration draws lies over `target`. */
async function expectNotCovering(page: Page, target: Locator) {
  const panel = await celebration(page).boundingBox();
  const box = await target.boundingBox();
  expect(panel && box).toBeTruthy();
  const overlaps =
    panel!.x < box!.x + box!.width &&
    box!.x < panel!.x + panel!.width &&
    panel!.y < box!.y + box!.height &&
    box!.y < panel!.y + panel!.height;
  expect(overlaps).toBe(false);
}

test('finishing the vision is celebrated once, in light and dark, without taking focus or the button', async ({
  page,
}) => {
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);
  const token = await accessToken(page);
  // Eight answers saved already; the ninth is written on its screen.
  for (let order = 1; order <= 8; order += 1) {
    const saved = await page.request.post(`/_api/v1/userinput/athleticvision/single/${order}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { text: `Jordan answer ${order}, written in the third person.` },
    });
    expect(saved.ok()).toBe(true);
  }
  await page.goto('/athletic-vision-perfect-day');
  await page.getByLabel('Your answer').fill('Jordan wakes at 6, trains with focus and sleeps by 10.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/athletic-vision-completion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Congratulations, Jordan!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: VISION_WORDS })).toBeVisible();
  await expect(page.getByTestId('celebration-sparks')).toHaveCount(1);
  // Never in the way: focus stays where it was, the screen's button stays uncovered.
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="celebration"]') ?? null)).toBeNull();
  await expectNotCovering(page, page.getByRole('link', { name: 'READ ME MY ATHLETIC VISION' }));

  // After the burst the sparks are gone; the words stay a while longer.
  await expect(page.getByTestId('celebration-sparks')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('vision-375-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('vision-375-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Congratulations, Jordan!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'READ ME MY ATHLETIC VISION' })).toBeVisible();
  await expect(celebration(page)).toHaveCount(0);
});

test('3 of 3 today is celebrated once on the dashboard, and Escape dismisses it', async ({ page, request }) => {
  const member = createUser('Morgan', { paid: true });
  await allThree(request, await apiToken(request, member));

  await signIn(page, member);
  await expect(page.getByText('3 of 3 done')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: ALL_DONE_WORDS })).toBeVisible();
  await expectNotCovering(page, page.getByTestId('daily-flow').getByRole('link').first());
  await page.screenshot({ path: test.info().outputPath('all-done-375-light.png') });
  await page.keyboard.press('Escape');
  await expect(celebration(page)).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('3 of 3 done')).toBeVisible();
  await expect(celebration(page)).toHaveCount(0);
});

test('a first visit celebrates 3 of 3 on the athlete’s own day, not the UTC one, so the next day is celebrated too', async ({
  page,
  request,
}) => {
  // 02:00 UTC is 18:00 of the day before in Los Angeles. The member practises before the app has
  // stored a zone, so the server first counts the UTC day; the first visit stores the device's
  // zone (slowly here, as on a poor network) and the dashboard is read again in it.
  const now = await serverNow(request);
  const twoAm = new Date(now);
  twoAm.setUTCHours(2, 0, 0, 0);
  if (twoAm <= now) twoAm.setUTCDate(twoAm.getUTCDate() + 1);
  await advanceClock(request, Math.ceil((twoAm.getTime() - now.getTime()) / 1000));
  const member = createUser('Casey', { paid: true });
  await allThree(request, await apiToken(request, member));
  await page.route('**/_api/v1/swazprofile/timezone', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  const zoneStored = page.waitForResponse((answer) => answer.url().endsWith('/swazprofile/timezone'));
  await signIn(page, member);
  expect((await zoneStored).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: ALL_DONE_WORDS })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(celebration(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'MEMBER LOGIN' })).toBeVisible();

  // The next evening in Los Angeles: the UTC date of the first visit, now the athlete's own day.
  await advanceClock(request, DAY_SECONDS);
  await allThree(request, await apiToken(request, member));
  await signIn(page, member);
  await expect(page.getByText('3 of 3 done')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: ALL_DONE_WORDS })).toBeVisible();
});

test('a 3-day streak is celebrated instead of 3 of 3 that day, and Close dismisses it', async ({ page, request }) => {
  const member = createUser('Riley', { paid: true });
  await practise(request, await apiToken(request, member), ['breathing_done']);
  await advanceClock(request, DAY_SECONDS);
  await practise(request, await apiToken(request, member), ['breathing_done']);
  await advanceClock(request, DAY_SECONDS);
  // Tokens issued before a move have expired on the server: each day signs in again.
  await allThree(request, await apiToken(request, member));

  await signIn(page, member);
  await expect(page.getByTestId('streak')).toHaveText('3-day streak');
  await expect(page.getByRole('status').filter({ hasText: THREE_DAYS_WORDS })).toBeVisible();
  // One celebration, not two stacked.
  await expect(celebration(page)).toHaveCount(1);
  await expect(page.getByText(ALL_DONE_WORDS)).toHaveCount(0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('milestone-375-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  await celebration(page).getByRole('button', { name: 'Close' }).click();
  await expect(celebration(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('streak')).toHaveText('3-day streak');
  await expect(celebration(page)).toHaveCount(0);
});

test('with reduced motion nothing moves but the words, which then leave by themselves', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const member = createUser('Avery', { paid: true });
  await allThree(request, await apiToken(request, member));

  await signIn(page, member);
  await expect(page.getByRole('status').filter({ hasText: ALL_DONE_WORDS })).toBeVisible();
  await expect(page.getByTestId('celebration-sparks')).toHaveCount(0);
  // At most a fade: no animation changes anything but opacity.
  const moving = await page.evaluate(() =>
    document
      .getAnimations()
      .flatMap((animation) => (animation.effect as KeyframeEffect | null)?.getKeyframes() ?? [])
      .flatMap((frame) => Object.keys(frame))
      .filter((property) => !['offset', 'computedOffset', 'easing', 'composite', 'opacity'].includes(property)),
  );
  expect(moving).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('all-done-375-reduced.png') });

  // Gone after about 6 seconds without a touch.
  await expect(celebration(page)).toHaveCount(0, { timeout: 9_000 });
});
