import { expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

test('a member without an active membership is offered to renew', async ({ page, user }) => {
  await signIn(page, user);
  const prompt = page.getByTestId('renew-prompt');
  await expect(prompt).toContainText('Your SWAZ membership is not active.');
  await prompt.getByRole('link', { name: 'Renew membership' }).click();
  await expect(page).toHaveURL(/\/choose-a-plan$/);
  await expect(page.getByTestId('renew-prompt')).toHaveCount(0);
});

test('a paid member sees no renew prompt', async ({ page }) => {
  const paid = createUser('Paige', { paid: true });
  await signIn(page, paid);
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue('Paige');
  await expect(page.getByTestId('renew-prompt')).toHaveCount(0);
});
