import { expect, test } from '../support/fixtures';

test('the generated password can be copied from the sign-up popup', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/auth/login?swaz_new_user_from_stripe=new%40example.com&generated_password=Gen-Pass-123');

  const dialog = page.getByRole('dialog', { name: 'Congratulations on signing up !' });
  await dialog.getByRole('button', { name: 'Copy password' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Gen-Pass-123');
});
