import { expect, type Page } from '@playwright/test';

/**
 * The signed-in member on `page` buys the monthly Team plan through the test-mode checkout and
 * lands on the dashboard as the admin of "{first name}'s Team".
 */
export async function buyTeamPlan(page: Page, nameOnCard: string) {
  await page.goto('/choose-a-plan');
  await page.getByRole('button', { name: 'Start Team' }).click();
  await expect(page).toHaveURL(/\/_checkout\/[^/]+$/);
  await page.getByLabel('Name on card').fill(nameOnCard);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 3));
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $199' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/, { timeout: 30_000 });
}
