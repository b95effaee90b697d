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

test('the Team card promises what the team plan does: the coach board, sharing, nudges, the focus, roster mails and the Monday summary', async ({ page }) => {
  await page.goto('/choose-a-plan');
  const team = page.locator('.plan-card').filter({ has: page.getByRole('heading', { name: 'Team', exact: true }) });
  const features = team.getByRole('listitem');
  await expect(features).toHaveCount(8);
  await expect(features).toContainText([
    'Up to 25 athletes, invited by link',
    'Everything in Individual for every athlete',
    'Coach board: each athlete’s practice and, if they share them, their check-ins',
    'Athletes choose what their coach sees',
    'Nudges: short notes to your athletes by e-mail',
    'A weekly team focus on every athlete’s dashboard',
    'An e-mail when an athlete joins or leaves the team',
    'A Monday summary of the team by e-mail',
  ]);
});
