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

test('without a membership the wizards say before the start that saving needs one', async ({ page, user }) => {
  await signIn(page, user);
  for (const path of ['/daily-action-welcome', '/weekly-map-welcome', '/athletic-vision-welcome']) {
    await page.goto(path);
    const note = page.getByRole('main').getByTestId('saving-needs-membership');
    await expect(note).toContainText('Saving needs an active SWAZ membership.');
    await expect(note.getByRole('link', { name: 'Renew membership' })).toHaveAttribute('href', '/choose-a-plan');
    // Said once: the general renew prompt steps aside here.
    await expect(page.getByTestId('renew-prompt')).toHaveCount(0);
  }
});

test('a paid member is not told about membership on the wizards', async ({ page }) => {
  await signIn(page, createUser('Paige', { paid: true }));
  await page.goto('/daily-action-welcome');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByTestId('saving-needs-membership')).toHaveCount(0);
});
