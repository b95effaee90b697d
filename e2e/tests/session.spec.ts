import type { APIRequestContext, Page } from '@playwright/test';
import { advanceClock } from '../support/dev-clock';
import { expect, signIn, signOut, submitLogin, test } from '../support/fixtures';

const HOUR = 60 * 60;

/** How far a test moved the server's clock, which the whole run shares: moved back after it. */
let serverClockMoved = 0;
test.afterEach(async ({ request }) => {
  if (serverClockMoved) await advanceClock(request, -serverClockMoved);
  serverClockMoved = 0;
});

/** Opens Daily Logs through the header and checks that the API answered it. */
async function openDailyLogs(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Daily Logs' }).click();
  await expect(page).toHaveURL(/\/daily-logs$/);
  await expect(page.getByRole('heading', { name: 'No logs yet' })).toBeVisible();
}

test('a session ended by a password change on another device is noticed and sends the member to log in', async ({
  page,
  browser,
  user,
}) => {
  await signIn(page, user);

  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await signIn(other, user);
  await other.goto('/account/change-password');
  const newPassword = `${user.password}-elsewhere`;
  await other.getByLabel('Password', { exact: true }).fill(newPassword);
  await other.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other.locator('.Toastify').getByText('Password change success')).toBeVisible();
  await laptop.close();

  // The first browser still holds its old session; its next call is refused.
  await page.getByRole('banner').getByRole('link', { name: 'Daily Logs' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fdaily-logs$/);
  await expect(page.getByRole('alert').filter({ hasText: 'You were signed out because your session ended' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sb-swaz-auth-token'))).toBeNull();

  await submitLogin(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/daily-logs$/);
  // The message has served its purpose: the login page shows it no more in this tab.
  await signOut(page);
  await page.getByRole('link', { name: 'MEMBER LOGIN' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByText('You were signed out because your session ended')).toHaveCount(0);
});

test('a browser clock hours behind the server keeps the member signed in when the token expires', async ({
  page,
  request,
  user,
}) => {
  await page.clock.install({ time: Date.now() - 5 * HOUR });
  await signIn(page, user);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });

  // Two hours on, the server finds the access token expired; this browser's clock says it is not.
  await advanceClock(request, 2 * HOUR);
  serverClockMoved = 2 * HOUR;
  await openDailyLogs(page);
  expect(refused.some((url) => url.includes('/_api/v1/'))).toBe(true);
  await expect(page.getByText('You were signed out')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
});

test('a browser clock hours ahead of the server keeps the member signed in', async ({ page, user }) => {
  await page.clock.install({ time: Date.now() + 5 * HOUR });
  await signIn(page, user);
  await openDailyLogs(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No logs yet' })).toBeVisible();
  await expect(page).toHaveURL(/\/daily-logs$/);
});

test('a sign-out everywhere from another device ends the session with that message', async ({
  page,
  request,
  user,
}) => {
  await page.clock.install({ time: Date.now() - 5 * HOUR });
  await signIn(page, user);

  const other = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: user.email, password: user.password },
  });
  expect(other.ok()).toBe(true);
  const { access_token: token } = (await other.json()) as { access_token: string };
  const signedOut = await request.post('/auth/v1/logout?scope=global', { headers: { Authorization: `Bearer ${token}` } });
  expect(signedOut.status()).toBe(204);

  // An in-app navigation (the dashboard's own requests may notice first: then it lands on login).
  await page.evaluate(() => {
    window.history.pushState({}, '', '/daily-logs');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  // Back to where the member was when it was noticed: the logs, or the dashboard still loading.
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2F(daily-logs|user-dashboard)$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'You were signed out because your session ended on another device' }),
  ).toBeVisible();
});
