import { expect, test } from '../support/fixtures';

test('a new member from checkout sees the generated password, then the URL forgets it', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.goto('/auth/login?swaz_new_user_from_stripe=new%40example.com&generated_password=Gen-Pass-123');

  const dialog = page.getByRole('dialog', { name: 'Congratulations on signing up !' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Gen-Pass-123')).toBeVisible();
  await expect(dialog.getByText('verify your email before log in')).toBeVisible();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('new@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Gen-Pass-123');

  // The generated password is not in the history either.
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

test('a returning subscriber is told the subscription was added', async ({ page }) => {
  await page.goto('/auth/login?resubscribed=true');
  await expect(page.getByRole('alert').filter({ hasText: 'New Subscription Added to your account' })).toBeVisible();
});
