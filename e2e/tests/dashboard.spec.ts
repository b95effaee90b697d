import type { APIRequestContext } from '@playwright/test';
import { advanceClock, putClockBack, serverNow } from '../support/dev-clock';
import { expect, signIn, test } from '../support/fixtures';
import { createUser, type TestUser } from '../support/users';

test.afterEach(async ({ request }) => putClockBack(request));

// The app stores the browser's zone on sign-in; the dashboard then counts days in it.
const ZONE = 'America/Los_Angeles';
test.use({ timezoneId: ZONE });

const DAY_SECONDS = 86_400;

async function apiToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** A day's practice: the breathing exercise and a saved daily action (two events). */
async function practise(request: APIRequestContext, token: string, day: number) {
  const headers = { Authorization: `Bearer ${token}` };
  const breathing = await request.post('/_api/v1/practice/events', { headers, data: { kind: 'breathing_done' } });
  expect(breathing.ok()).toBe(true);
  const saved = await request.post('/_api/v1/userinput/dailyaction', {
    headers,
    data: {
      r1: `Day ${day} wins`,
      r2: `Day ${day} lesson`,
      r3: 8,
      q1: `Day ${day} objective one`,
      q2: `Day ${day} objective two`,
      q3: `Day ${day} objective three`,
      q4: `Day ${day} mind`,
      q5: `Day ${day} body`,
      q6: `Day ${day} soul`,
    },
  });
  expect(saved.status()).toBe(201);
}

/** '24 November 2026', the calendar's wording, for a moment in the test zone. */
function dayLabel(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: ZONE }).format(at);
}

test('after two days of practice the dashboard shows the streak, the checklist, the calendar and the live call', async ({
  page,
  request,
}) => {
  const member = createUser('Jordan', { paid: true });
  const firstDay = await serverNow(request);
  await practise(request, await apiToken(request, member), 1);

  await advanceClock(request, DAY_SECONDS);
  const secondDay = await serverNow(request);
  // Tokens issued before the move have expired on the server: sign in again.
  const token = await apiToken(request, member);
  await practise(request, token, 2);
  const map = await request.post('/_api/v1/userinput/weeklymap', {
    headers: { Authorization: `Bearer ${token}` },
    data: { first: true, q6: 'Week objective one', q7: 'Week objective two', q8: 'Week objective three', q9: 'Read', q10: 'Lift', q11: 'Family dinner' },
  });
  expect(map.status()).toBe(201); // a third practice that day

  await signIn(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Jordan' })).toBeVisible();
  await expect(page.getByTestId('streak')).toHaveText('2-day streak');
  // Signing in stored the browser's zone, once, for the member who had none.
  await expect
    .poll(async () => {
      const profile = await request.get('/_api/v1/swazprofile', { headers: { Authorization: `Bearer ${token}` } });
      return ((await profile.json()) as { timeZone: string | null }).timeZone;
    })
    .toBe(ZONE);

  const flow = page.getByTestId('daily-flow');
  const vision = flow.getByRole('link', { name: /Listen to your Athletic Vision/ });
  const breathing = flow.getByRole('link', { name: /4-7-8 breathing/ });
  const dailyAction = flow.getByRole('link', { name: /Daily action: review today, plan tomorrow/ });
  await expect(vision).toHaveAttribute('href', '/athletic-vision');
  await expect(vision).toContainText('Not done yet');
  await expect(breathing).toHaveAttribute('href', '/sleep-well');
  await expect(breathing).toContainText('Done');
  await expect(dailyAction).toHaveAttribute('href', '/daily-action-welcome');
  await expect(dailyAction).toContainText('Done');
  await expect(page.getByRole('link', { name: 'Map your week' })).toHaveAttribute('href', '/weekly-map-welcome');

  // The calendar is one picture with a summary, and a labelled cell per day.
  const heatmap = page.getByRole('img', { name: /Practice calendar of the last 12 weeks: 2 of 84 days with practice/ });
  await expect(heatmap).toBeVisible();
  await expect(heatmap.locator('rect')).toHaveCount(84);
  await expect(heatmap.locator('title', { hasText: `${dayLabel(firstDay)}: 2 practices` })).toHaveCount(1);
  await expect(heatmap.locator('title', { hasText: `${dayLabel(secondDay)}: 3 practices` })).toHaveCount(1);
  await expect(heatmap.locator('title', { hasText: ': 0 practices' })).toHaveCount(82);

  await expect(page.getByTestId('daily-objectives')).toContainText('Day 2 objective one');
  await expect(page.getByTestId('weekly-objectives')).toContainText('Week objective one');

  // The weekly call on Tuesday 8pm Pacific, shown in the viewer's zone (here Pacific too).
  await expect(page.getByTestId('live-call-time')).toHaveText(/^Tuesday, [A-Z][a-z]+ \d{1,2} at 8:00 PM P[SD]T$/);
  await expect(page.getByTestId('live-call-countdown')).toContainText(/Starts in \d+ (day|hour|minute)/);
  await expect(page.getByRole('link', { name: 'Join the call' })).toHaveAttribute('target', '_blank');
  const calendar = page.getByRole('link', { name: 'Add to calendar' });
  await expect(calendar).toHaveAttribute('href', '/_api/v1/livecall.ics');
  const ics = await request.get('/_api/v1/livecall.ics');
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('BEGIN:VCALENDAR');

  // A member with practice but no vision yet is still asked to write one.
  await expect(page.getByRole('link', { name: 'Write your Athletic Vision' })).toBeVisible();
});

test('with all three of today done the streak says today counts instead of asking to practise', async ({
  page,
  request,
}) => {
  const member = createUser('Morgan', { paid: true });
  const token = await apiToken(request, member);
  await practise(request, token, 1);
  const listened = await request.post('/_api/v1/practice/events', {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: 'vision_listened' },
  });
  expect(listened.ok()).toBe(true);

  await signIn(page, member);
  await expect(page.getByText('Listen to your Athletic Vision')).toBeVisible();
  await expect(page.getByText('3 of 3 done')).toBeVisible();
  await expect(page.getByText('All three done today: today counts. See you tomorrow.')).toBeVisible();
  await expect(page.getByText(/Keep it going/)).toHaveCount(0);
  // Practised before: a returning member.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Morgan' })).toBeVisible();
});

test('a new member without a vision is asked to write one first', async ({ page }) => {
  const member = createUser('Casey', { paid: true });
  await signIn(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  const write = page.getByRole('link', { name: 'Write your Athletic Vision' });
  await expect(write).toHaveAttribute('href', '/athletic-vision-welcome');
  await expect(page.getByTestId('streak')).toHaveText('0-day streak');
  await expect(page.getByText('Every streak starts with one day.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plan now' })).toHaveAttribute('href', '/planning');
  await write.click();
  await expect(page).toHaveURL(/\/athletic-vision-welcome$/);
});

test('a member without a membership still sees the dashboard', async ({ page }) => {
  const member = createUser('Riley');
  await signIn(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riley' })).toBeVisible();
  await expect(page.getByTestId('daily-flow')).toBeVisible();
  await expect(page.getByRole('img', { name: /Practice calendar/ })).toBeVisible();
});

test('during the live call the dashboard says it is live now and offers to join it', async ({ page, request }) => {
  const member = createUser('Jordan', { paid: true });
  const token = await apiToken(request, member);
  const before = await request.get('/_api/v1/dashboard', { headers: { Authorization: `Bearer ${token}` } });
  const startsAt = new Date(((await before.json()) as { nextLiveCall: { startsAt: string } }).nextLiveCall.startsAt);
  // Ten minutes into the call, on the server and in the browser.
  const tenIn = new Date(startsAt.getTime() + 10 * 60_000);
  await advanceClock(request, Math.ceil((tenIn.getTime() - (await serverNow(request)).getTime()) / 1000));
  await page.clock.setFixedTime(tenIn);

  await signIn(page, member);
  await expect(page.getByTestId('live-call-countdown')).toContainText('Live now');
  await expect(page.getByTestId('live-call-time')).toContainText('8:00 PM');
  await expect(page.getByRole('link', { name: 'Join now' })).toHaveAttribute('target', '_blank');
});
