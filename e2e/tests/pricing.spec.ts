import { expect, test } from '../support/fixtures';

test('the Monthly/Yearly toggle works from the keyboard with Space and Enter', async ({ page }) => {
  await page.goto('/choose-a-plan');
  const monthly = page.getByRole('radio', { name: 'Monthly' });
  const yearly = page.getByRole('radio', { name: /Yearly/ });
  await expect(monthly).toBeChecked();

  await yearly.focus();
  await page.keyboard.press('Enter');
  await expect(yearly).toBeChecked();

  await monthly.focus();
  await page.keyboard.press('Space');
  await expect(monthly).toBeChecked();

  await yearly.focus();
  await page.keyboard.press('Space');
  await expect(yearly).toBeChecked();

  await monthly.focus();
  await page.keyboard.press('Enter');
  await expect(monthly).toBeChecked();
});
