import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { buyTeamPlan } from '../support/checkout';
import { advanceClock, putClockBack, serverNow } from '../support/dev-clock';
import { accessToken, expect, signIn, submitLogin, test, toast } from '../support/fixtures';
import { mailExactlyTo, type Mail } from '../support/mailbox';
import { createUser, type TestUser } from '../support/users';

test.afterEach(async ({ request }) => putClockBack(request));

// The coach's page reads the copied invite link back from the clipboard.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Where the screenshots of the new screens go (light and dark), for a person to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR;
const PHONE = { width: 375, height: 812 };

/** A fresh coach buys the monthly Team plan through the test-mode checkout; their team is "{first name}'s Team". */
async function coachWithTeam(page: Page): Promise<TestUser> {
  const coach = createUser('Casey');
  await signIn(page, coach);
  await buyTeamPlan(page, 'Casey Coach');
  return coach;
}

/** The coach's invite link's path, from the team screen. */
async function invitePath(page: Page): Promise<string> {
  await page.goto('/account/team-config');
  await page.getByRole('button', { name: 'Invite members' }).click();
  await expect(page.getByRole('button', { name: '✓ Invite Link Copied' })).toBeVisible();
  return new URL(await page.getByLabel('Invite link').inputValue()).pathname;
}

/** An athlete with an account, on a phone of their own, reads what the coach will see and joins. */
async function athleteJoins(browser: Browser, baseURL: string | undefined, path: string, name: string) {
  const athlete = createUser(name);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(path);
  const sees = page.getByTestId('coach-sees');
  await expect(sees).toContainText('Your coach will see the days you practise, your streak');
  await expect(sees).toContainText('Not your vision, daily actions, weekly maps or check-in notes');
  await expect(sees).toContainText('Account → What my coach sees');
  await page.getByRole('link', { name: 'Already have an account? Log in' }).click();
  // The invite page has a sign-up form with its own Email field: fill only once on the login page.
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  await submitLogin(page, athlete.email, athlete.password);
  await page.getByRole('button', { name: "Join Casey's Team" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  return { athlete, page };
}

/** Serious or critical WCAG 2.1 AA findings on the settled page, in light and dark. */
async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of results.violations) {
      if (v.impact === 'serious' || v.impact === 'critical') {
        found.push(`${scheme}: ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the coach board shows the athlete who practised with figures and the one who keeps practice private as not shared, at 375 px', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await coachWithTeam(page);
  const path = await invitePath(page);
  const ana = await athleteJoins(browser, baseURL, path, 'Ana');
  const ben = await athleteJoins(browser, baseURL, path, 'Ben');

  // Ana does the breathing exercise (recorded as the app records it).
  const practised = await ana.page.request.post('/_api/v1/practice/events', {
    headers: { Authorization: `Bearer ${await accessToken(ana.page)}` },
    data: { kind: 'breathing_done' },
  });
  expect(practised.ok()).toBe(true);
  // She plans her day, then shows that one entry to her coach from Daily Logs.
  const planned = await ana.page.request.post('/_api/v1/userinput/dailyaction', {
    headers: { Authorization: `Bearer ${await accessToken(ana.page)}` },
    data: { r1: 'Won every sprint', r2: 'Breathe before the start', r3: 8, q1: 'Fast start', q2: 'Calm', q3: 'Finish', q4: 'Cue word', q5: 'Stretch', q6: 'Gratitude' },
  });
  expect(planned.ok()).toBe(true);
  await ana.page.goto('/daily-logs');
  const share = ana.page.getByTestId('log-row').first().getByRole('switch', { name: 'Share with my coach' });
  await expect(share).not.toBeChecked();
  await share.click();
  await expect(toast(ana.page, 'Shared with your coach')).toBeVisible();
  await expect(share).toBeChecked();
  await ana.page.reload();
  await expect(ana.page.getByRole('switch', { name: 'Share with my coach' })).toBeChecked();
  await shoot(ana.page, 'logs');

  // Ben keeps his practice to himself: Account → What my coach sees.
  await ben.page.goto('/account');
  await ben.page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'What my coach sees' }).click();
  await expect(ben.page).toHaveURL(/\/account\/coach-sharing$/);
  const practiceSwitch = ben.page.getByRole('switch', { name: 'My practice' });
  await expect(practiceSwitch).toBeChecked();
  await expect(ben.page.getByRole('switch', { name: 'My check-in scores' })).not.toBeChecked();
  await expect(ben.page.getByText('unless you share one entry from Daily Logs')).toBeVisible();
  await practiceSwitch.click();
  await expect(toast(ben.page, 'Saved. Your coach now sees no practice and no check-in scores.')).toBeVisible();
  await expect(practiceSwitch).not.toBeChecked();
  await ben.page.reload();
  await expect(ben.page.getByRole('switch', { name: 'My practice' })).not.toBeChecked();
  await shoot(ben.page, 'account-coach-sharing');
  expect(await seriousViolations(ben.page)).toEqual([]);

  // The coach, on a phone: the Board tab.
  await page.setViewportSize(PHONE);
  await page.goto('/account/team-config');
  await page.getByRole('navigation', { name: 'Team sections' }).getByRole('link', { name: 'Board' }).click();
  await expect(page).toHaveURL(/\/account\/team-config\/board$/);
  // The shares count the athletes who share their practice.
  await expect(page.getByTestId('practised-today')).toContainText('1 of 1 athletes practised today');
  await expect(page.getByTestId('practised-week')).toContainText('1 of 1 athletes practised this week');
  await expect(page.getByTestId('not-counted')).toHaveText('1 athlete keeps their practice private and is not counted.');

  const rows = page.getByTestId('board-row');
  await expect(rows).toHaveCount(2);
  const anaRow = rows.filter({ hasText: 'Ana' });
  await expect(anaRow.getByTestId('sparkline')).toHaveAttribute('aria-label', 'Practised on 1 of the last 28 days');
  await expect(anaRow).toContainText('1 of 7 days');
  await expect(anaRow).toContainText('1 of 28 days');
  await expect(anaRow).toContainText('1 day');
  await expect(anaRow).toContainText('Today');
  await expect(anaRow).not.toContainText('Not shared');
  const benRow = rows.filter({ hasText: 'Ben' });
  await expect(benRow.getByTestId('not-shared')).toContainText('Not shared');
  await expect(benRow.getByTestId('sparkline')).toHaveCount(0);
  await expect(benRow).not.toContainText('of 7 days');
  // Rows stack on a phone: nothing runs off the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'board');
  expect(await seriousViolations(page)).toEqual([]);

  // One tap to Ana: her calendar and today's checklist.
  await page.getByRole('link', { name: 'Open Ana' }).click();
  await expect(page).toHaveURL(/\/account\/team-config\/athletes\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ana' })).toBeVisible();
  await expect(page.getByTestId('athlete-calendar')).toHaveAttribute('aria-label', 'Practised on 1 of the last 84 days');
  await expect(page.getByTestId('athlete-today')).toContainText('Breathing exercise');
  await expect(page.getByTestId('athlete-today').getByText('Done')).toHaveCount(2);
  await expect(page.getByTestId('shared-entry')).toHaveCount(1);
  await expect(page.getByTestId('shared-entry')).toContainText('Won every sprint');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'athlete');
  expect(await seriousViolations(page)).toEqual([]);

  // Ben's detail says the same as his row.
  await page.getByRole('link', { name: 'Back to the board' }).click();
  await page.getByRole('link', { name: 'Open Ben' }).click();
  // The board's row says 'Not shared' too: Ben's page is awaited before it is read.
  await expect(page.getByRole('heading', { level: 2, name: 'Ben' })).toBeVisible();
  await expect(page.getByTestId('not-shared')).toContainText('Not shared');
  await expect(page.getByTestId('athlete-calendar')).toHaveCount(0);
});

const DAY_SECONDS = 86_400;

/** A fresh access token for the API (tokens from before a clock move have expired on the server). */
async function apiToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const answer = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The athlete's call of the product API, answered 2xx or the test stops. */
async function call(request: APIRequestContext, token: string, method: 'post' | 'put', path: string, data: object) {
  const answer = await request[method](`/_api/v1${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(answer.ok(), `${method.toUpperCase()} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
}

/** A signed-in page on a phone whose clock reads the server's (moved) time. */
async function phonePage(browser: Browser, baseURL: string | undefined, request: APIRequestContext, user: TestUser) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.clock.setFixedTime(await serverNow(request));
  await signIn(page, user);
  return page;
}

test('the board ranks the athlete quiet for three days first, shows check-ins only where shared, nudges by e-mail and drops check-ins an athlete stops sharing, at 375 px', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const coach = await coachWithTeam(page);
  const hash = (await invitePath(page)).split('/').pop() ?? '';
  const [ana, ben, cleo] = [createUser('Ana'), createUser('Ben'), createUser('Cleo')];
  for (const athlete of [ana, ben, cleo]) {
    await call(request, await apiToken(request, athlete), 'post', `/team/invite/${hash}/accept`, {});
  }

  // Day 0: Cleo breathes once, Ana checks in on a rough morning and shares her check-ins.
  await call(request, await apiToken(request, cleo), 'post', '/practice/events', { kind: 'breathing_done' });
  const anaDay0 = await apiToken(request, ana);
  await call(request, anaDay0, 'put', '/sharing', { practice: true, checkins: true });
  await call(request, anaDay0, 'post', '/checkin', { sleep: 2, energy: 2, mood: 3, stress: 4, confidence: 2 });

  // Three days later Cleo has not practised since; Ana and Ben check in and breathe.
  await advanceClock(request, 3 * DAY_SECONDS);
  const anaToken = await apiToken(request, ana);
  await call(request, anaToken, 'post', '/checkin', { sleep: 4, energy: 5, mood: 5, stress: 2, confidence: 4 });
  await call(request, anaToken, 'post', '/practice/events', { kind: 'breathing_done' });
  const benToken = await apiToken(request, ben);
  await call(request, benToken, 'post', '/checkin', { sleep: 1, energy: 1, mood: 1, stress: 5, confidence: 1 });
  await call(request, benToken, 'post', '/practice/events', { kind: 'breathing_done' });

  // The coach, on a phone, signs in again (the move outlived the old session).
  const board = await phonePage(browser, baseURL, request, coach);
  await board.goto('/account/team-config/board');
  const rows = board.getByTestId('board-row');
  await expect(rows).toHaveCount(3);
  // Who needs a word first: Cleo, flagged; then Ana and Ben.
  await expect(rows.locator('h3')).toHaveText(['Cleo', 'Ana', 'Ben']);
  await expect(rows.nth(0).getByTestId('flag')).toHaveText('⚠ No practice in 3 days');
  await expect(rows.nth(0)).toContainText('3 days ago');
  await expect(rows.nth(1).getByTestId('flag')).toHaveCount(0);
  await expect(rows.nth(2).getByTestId('flag')).toHaveCount(0);
  await expect(board.getByTestId('practised-today')).toContainText('2 of 3 athletes practised today');

  // Ana's latest five numbers beside her 28-day averages; Cleo and Ben keep theirs.
  const anaCheckins = rows.nth(1).getByTestId('checkins');
  await expect(anaCheckins.locator('caption')).toHaveText('Check-ins out of 5; for stress, lower is calmer (2 in the last 28 days)');
  await expect(anaCheckins.getByTestId('checkin-latest')).toHaveText(['4', '5', '5', '2', '4']);
  await expect(anaCheckins.getByTestId('checkin-average')).toHaveText(['3', '3.5', '4', '3', '3']);
  await expect(rows.nth(0).getByTestId('checkins-not-shared')).toHaveText('Check-ins not shared');
  await expect(rows.nth(2).getByTestId('checkins-not-shared')).toHaveText('Check-ins not shared');
  await expect(rows.nth(2).getByTestId('checkins')).toHaveCount(0);
  expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shoot(board, 'board-checkins');
  expect(await seriousViolations(board)).toEqual([]);

  // The week's focus: the server refuses a too-short one in its own words, then takes it.
  const focus = board.getByTestId('focus-editor');
  await expect(focus).toContainText('No focus set yet');
  await focus.getByRole('button', { name: 'Set the focus' }).click();
  const focusField = focus.getByLabel('The team’s focus this week');
  await focusField.fill('Go');
  await focus.getByRole('button', { name: 'Save focus' }).click();
  await expect(focus.getByTestId('focus-error')).toHaveText("Write the team's focus in 3 to 280 characters (text).");
  await expect(focusField).toHaveAttribute('aria-invalid', 'true');
  await shoot(board, 'board-focus-error');
  await focusField.fill('Win the first five minutes of every game');
  await focus.getByRole('button', { name: 'Save focus' }).click();
  await expect(toast(board, 'Focus saved. Your athletes see it on their dashboard.')).toBeVisible();
  await expect(focus.getByTestId('focus-text')).toHaveText('Win the first five minutes of every game');
  await board.reload();
  await expect(board.getByTestId('focus-text')).toHaveText('Win the first five minutes of every game');
  await expect(board.getByTestId('focus-editor').getByRole('button', { name: 'Change' })).toBeVisible();

  // One nudge to everyone who hasn't practised today: only Cleo, with the coach's own words.
  const note = 'Big game Saturday: ten minutes of breathing today, please.';
  await board.getByRole('button', { name: 'Nudge everyone who hasn’t practised today' }).click();
  const dialog = board.getByRole('dialog', { name: 'Nudge everyone who hasn’t practised today' });
  const message = dialog.getByLabel('Your note');
  await expect(message).toHaveValue('Quick reminder: ten minutes of practice today keeps your streak alive.');
  await message.fill(note);
  await shoot(board, 'board-nudge');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Sent to 1 athlete')).toBeVisible();
  await expect(dialog.getByTestId('nudge-sent')).toHaveText('Cleo');
  await expect(dialog.getByTestId('nudge-skipped')).toHaveCount(0);
  await shoot(board, 'board-nudge-sent');
  expect(await seriousViolations(board)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  const mail: Mail = await mailExactlyTo(request, cleo.email, 'A note from Casey');
  expect(mail.text).toContain(note);
  expect(mail.replyTo).toBe(coach.email);

  // A second note the same day is not sent, and the dialog says why in the server's words.
  await rows.nth(0).getByRole('button', { name: 'Nudge Cleo' }).click();
  const again = board.getByRole('dialog', { name: 'Nudge Cleo' });
  await again.getByRole('button', { name: 'Send' }).click();
  await expect(again.getByTestId('nudge-skipped')).toHaveText('Cleo: They already had a note today.');
  await expect(again.getByTestId('nudge-sent')).toHaveCount(0);
  await again.getByRole('button', { name: 'Done' }).click();

  // Nobody else got a note.
  const mailbox = (await (await request.get('/_dev/mailbox')).json()) as Mail[];
  const notes = mailbox.filter((m) => m.subject === 'A note from Casey').map((m) => m.to);
  expect(notes).toEqual([cleo.email]);

  // Ana sees the week's focus on her dashboard and above the plan questions of her daily action.
  const anaPage = await phonePage(browser, baseURL, request, ana);
  const dashboardFocus = anaPage.getByTestId('team-focus');
  await expect(dashboardFocus.getByRole('heading', { name: 'This week’s team focus' })).toBeVisible();
  await expect(dashboardFocus).toContainText('Win the first five minutes of every game');
  await shoot(anaPage, 'dashboard-focus');
  await anaPage.goto('/daily-action-create');
  for (const answer of ['Sharp in training', 'Breathe first']) {
    await expect(anaPage.getByTestId('planning-team-focus')).toHaveCount(0);
    await anaPage.getByRole('textbox').fill(answer);
    await anaPage.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await anaPage.getByRole('radiogroup').getByText('8', { exact: true }).click();
  await anaPage.getByRole('button', { name: 'Next', exact: true }).click();
  const planFocus = anaPage.getByTestId('planning-team-focus');
  await expect(planFocus).toContainText('This week’s team focus');
  await expect(planFocus).toContainText('Win the first five minutes of every game');
  // She says today's plan works on the focus, and the saved daily action carries it.
  const toward = planFocus.getByRole('checkbox', { name: 'My plan today works on the team focus' });
  await expect(toward).not.toBeChecked();
  await toward.check();
  await shoot(anaPage, 'plan-focus');
  expect(await seriousViolations(anaPage)).toEqual([]);
  for (const objective of ['First touch clean', 'Talk early', 'Sprint back', 'Cue word', 'Stretch', 'Call home']) {
    await anaPage.getByRole('textbox').fill(objective);
    await anaPage.getByRole('button', { name: 'Next', exact: true }).click();
    if (objective === 'First touch clean') {
      await expect(anaPage.getByTestId('planning-team-focus').getByRole('checkbox')).toBeChecked();
      // A reload mid-wizard keeps the tick with the answers.
      await anaPage.reload();
      await expect(anaPage.getByTestId('planning-team-focus').getByRole('checkbox')).toBeChecked();
    }
  }
  const savedAction = anaPage.waitForResponse(
    (r) => r.url().endsWith('/_api/v1/userinput/dailyaction') && r.request().method() === 'POST',
  );
  await anaPage.getByRole('button', { name: 'Save', exact: true }).click();
  expect(await (await savedAction).json()).toMatchObject({ q1: 'First touch clean', towardFocus: true });
  await expect(anaPage.getByRole('heading', { name: 'Saved' })).toBeVisible();

  // Ana stops sharing her check-ins; the coach's board loses her figures on reload.
  await anaPage.goto('/account/coach-sharing');
  const checkinSwitch = anaPage.getByRole('switch', { name: 'My check-in scores' });
  await expect(checkinSwitch).toBeChecked();
  await expect(anaPage.getByRole('switch', { name: 'Notes from my coach' })).toBeChecked();
  await expect(anaPage.getByText('Your coach can send you a short note by e-mail; at most one a day.')).toBeVisible();
  await checkinSwitch.click();
  await expect(toast(anaPage, 'Saved. Your coach now sees your practice and no check-in scores.')).toBeVisible();
  await expect(checkinSwitch).not.toBeChecked();
  await shoot(anaPage, 'account-coach-sharing-notes');
  expect(await seriousViolations(anaPage)).toEqual([]);

  await board.reload();
  const anaRow = board.getByTestId('board-row').filter({ has: board.getByRole('heading', { name: 'Ana' }) });
  await expect(anaRow.getByTestId('checkins-not-shared')).toHaveText('Check-ins not shared');
  await expect(anaRow.getByTestId('checkins')).toHaveCount(0);
  await expect(anaRow).toContainText('2 of 28 days');
  // Who planned toward the week's focus: Ana, once; the others not yet.
  await expect(board.getByTestId('planned-toward-focus')).toContainText('1 of 3 athletes planned toward the focus this week');
  await expect(anaRow.getByTestId('toward-focus')).toContainText('1 day this week');
  await expect(board.getByTestId('board-row').filter({ has: board.getByRole('heading', { name: 'Cleo' }) }).getByTestId('toward-focus')).toContainText('0 days this week');
  await shoot(board, 'board-toward-focus');
  expect(await seriousViolations(board)).toEqual([]);

  // The coach's Monday summary is a switch of their own; athletes do not see it.
  await board.goto('/account/notification-settings');
  const summary = board.getByLabel('Monday summary of my team', { exact: true });
  await expect(summary).toBeChecked();
  await summary.uncheck();
  await board.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(board, 'Notification settings saved')).toBeVisible();
  await board.reload();
  await expect(board.getByLabel('Monday summary of my team', { exact: true })).not.toBeChecked();
  await shoot(board, 'notifications-coach');
  await anaPage.goto('/account/notification-settings');
  await expect(anaPage.getByLabel('Product news')).toBeVisible();
  await expect(anaPage.getByText('Monday summary of my team')).toHaveCount(0);
  if (SHOTS) {
    await board.goto('/account/team-config/board');
    await board.setViewportSize({ width: 1280, height: 900 });
    await shoot(board, 'board-desktop');
  }
});
