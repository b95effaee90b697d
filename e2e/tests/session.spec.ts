import { expect, signIn, submitLogin, test } from '../support/fixtures';

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
  await expect(page.getByText('You were signed out because your session ended')).toHaveCount(0);
});
