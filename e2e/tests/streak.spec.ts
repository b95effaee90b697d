import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { advanceClock, putClockBack, serverNow } from '../support/dev-clock';
import { expect, signIn, test } from '../support/fixtures';
import { createUser, type TestUser } from '../support/users';

// A fair streak (issue 29): rest, injury and travel days pause the streak; the streak can be hidden.
test.afterEach(async ({ request }) => putClockBack(request));
test.use({ timezoneId: 'UTC' });

const DAY_SECONDS = 86_400;

async function practise(request: APIRequestContext, user: TestUser) {
  const token = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const answer = await request.post('/_api/v1/practice/events', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { kind: 'breathing_done' },
  });
  expect(answer.status()).toBe(201);
}

/** `YYYY-MM-DD` of the server's day, `plus` days on (the member's zone is UTC here). */
async function serverDay(request: APIRequestContext, plus = 0): Promise<string> {
  const now = await serverNow(request);
  return new Date(now.getTime() + plus * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

test('a travel day planned ahead pauses the streak instead of breaking it', async ({ page, request }) => {
  const member = createUser('Rio', { paid: true });
  await practise(request, member);
  await signIn(page, member);
  await expect(page.getByTestId('streak')).toHaveText('1-day streak');

  await page.getByRole('button', { name: 'Plan a rest day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan a rest day' });
  await expect(dialog.getByTestId('rest-days-left')).toHaveText(/2 left this week · 20 left this year/);
  // A day that has passed is refused in words.
  await dialog.getByLabel('Day', { exact: true }).fill(await serverDay(request, -1));
  await dialog.getByRole('button', { name: 'Save rest day' }).click();
  await expect(dialog.getByRole('alert')).toContainText('has passed: rest days are chosen ahead or on the day itself.');

  await dialog.getByLabel('Day', { exact: true }).fill(await serverDay(request, 1));
  await dialog.getByLabel('Travel').check();
  await dialog.getByRole('button', { name: 'Save rest day' }).click();
  await expect(dialog.getByText('Rest day saved.')).toBeVisible();
  await expect(dialog.getByTestId('rest-days-list')).toContainText('Travel');
  await expect(dialog.getByTestId('rest-days-left')).toHaveText(/19 left this year/);
  await page.screenshot({ path: test.info().outputPath('rest-day-dialog.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The travel day comes: no practice, the streak waits.
  await advanceClock(request, DAY_SECONDS);
  await page.reload();
  await expect(page.getByTestId('streak')).toHaveText('1-day streak');
  await expect(page.getByText('Rest day today: your streak is paused, not broken.')).toBeVisible();
  await expect(page.locator('[data-testid="heatmap"] rect[data-rest="true"]')).toHaveCount(1);

  // The day after, practice adds to the same streak.
  await advanceClock(request, DAY_SECONDS);
  await practise(request, member);
  await page.reload();
  await expect(page.getByTestId('streak')).toHaveText('2-day streak');
});

test('a third rest day in one week is refused with the reason, and a rest day can be removed', async ({
  page,
  request,
}) => {
  const member = createUser('Sam');
  await signIn(page, member);
  await page.getByRole('button', { name: 'Plan a rest day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan a rest day' });
  // Three days of the same Monday-to-Sunday week, from the server's today on.
  const today = await serverDay(request);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const sameWeek = Array.from({ length: 7 - weekday }, (_, i) => i);
  test.skip(sameWeek.length < 3, 'fewer than three days left in this week');
  for (const plus of sameWeek.slice(0, 2)) {
    await dialog.getByLabel('Day', { exact: true }).fill(await serverDay(request, plus));
    await dialog.getByRole('button', { name: 'Save rest day' }).click();
    await expect(dialog.getByTestId('rest-days-left')).toHaveText(new RegExp(`${1 - plus} left this week`));
  }
  await dialog.getByLabel('Day', { exact: true }).fill(await serverDay(request, sameWeek[2]));
  await dialog.getByRole('button', { name: 'Save rest day' }).click();
  await expect(dialog.getByRole('alert')).toContainText('You already have 2 rest days in the week of');
  await dialog.getByRole('button', { name: /Remove the rest day of/ }).first().click();
  await expect(dialog.getByTestId('rest-days-left')).toHaveText(/1 left this week/);
  await dialog.getByRole('button', { name: 'Save rest day' }).click();
  await expect(dialog.getByText('Rest day saved.')).toBeVisible();
});

test('an athlete who finds the streak stressful hides it, on every visit, and can show it again', async ({
  page,
  request,
}) => {
  const member = createUser('Noa');
  await practise(request, member);
  await signIn(page, member);
  await expect(page.getByTestId('streak')).toHaveText('1-day streak');
  await page.getByRole('button', { name: 'Hide my streak' }).click();
  await expect(page.getByTestId('streak-hidden')).toBeVisible();
  await expect(page.getByTestId('streak')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('streak-hidden')).toBeVisible();
  await expect(page.getByTestId('streak')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show my streak' }).click();
  await expect(page.getByTestId('streak')).toHaveText('1-day streak');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the rest-day dialog at 375 px in ${colorScheme} mode has no accessibility violations`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme });
    const member = createUser('Ari');
    await signIn(page, member);
    await page.getByRole('button', { name: 'Plan a rest day' }).click();
    await expect(page.getByTestId('rest-days-left')).toBeVisible();
    // The modal fades in: look at it once it has.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: test.info().outputPath(`rest-day-dialog-375-${colorScheme}.png`) });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
