import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { accessToken, expect, signIn, submitLogin, test, toast } from '../support/fixtures';
import { createUser, type TestUser } from '../support/users';

// The coach's page reads the copied invite link back from the clipboard.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Where the screenshots of the new screens go (light and dark), for a person to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR;
const PHONE = { width: 375, height: 812 };

/** A fresh coach buys the monthly Team plan through the test-mode checkout; their team is "{first name}'s Team". */
async function coachWithTeam(page: Page): Promise<TestUser> {
  const coach = createUser('Casey');
  await signIn(page, coach);
  await page.goto('/choose-a-plan');
  await page.getByRole('button', { name: 'Start Team' }).click();
  await expect(page).toHaveURL(/\/_checkout\/[^/]+$/);
  await page.getByLabel('Name on card').fill('Casey Coach');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 3));
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $199' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/, { timeout: 30_000 });
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
  await expect(page.getByTestId('not-shared')).toContainText('Not shared');
  await expect(page.getByTestId('athlete-calendar')).toHaveCount(0);
});
