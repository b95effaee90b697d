import { expect, signIn, test, toast } from '../support/fixtures';
import { createUser } from '../support/users';

// A phone, as an athlete checks in on waking.
test.use({ viewport: { width: 375, height: 740 } });

test('a member checks in from the dashboard at 375 px, sees it counted, and edits it the same day', async ({
  page,
}) => {
  const member = createUser('Riley', { paid: true });
  await signIn(page, member);
  await expect(page.getByTestId('streak')).toHaveText('0-day streak');

  await page.getByRole('link', { name: 'Morning check-in — 20 seconds' }).click();
  await expect(page).toHaveURL(/\/check-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Morning check-in' })).toBeVisible();

  // Saving with a scale left out says which.
  await page.getByRole('group', { name: 'Sleep' }).getByRole('radio', { name: '4' }).check();
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please rate energy, mood, stress, confidence before saving.');

  // The keyboard works too: arrow keys move within a scale.
  const energy = page.getByRole('group', { name: 'Energy' });
  await energy.getByRole('radio', { name: '3' }).check();
  await page.keyboard.press('ArrowRight');
  await expect(energy.getByRole('radio', { name: '4' })).toBeChecked();
  await page.getByRole('group', { name: 'Mood' }).getByRole('radio', { name: '5, Great' }).check();
  await page.getByRole('group', { name: 'Stress' }).getByRole('radio', { name: '2' }).check();
  await page.getByRole('group', { name: 'Confidence' }).getByRole('radio', { name: '4' }).check();
  await page.getByLabel('Note (optional)').fill('  Big game today <b>not bold</b>  ');

  // Large targets on a phone.
  const option = page.getByTestId('checkin-sleep').locator('label').first();
  const box = await option.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);

  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(toast(page, 'Check-in saved. Have a great day.')).toBeVisible();
  await expect(page.getByTestId('streak')).toHaveText('1-day streak');
  await expect(page.getByTestId('checkin-status')).toContainText('Done for today');
  await expect(page.getByRole('img', { name: /^Sleep, last 7 days: average 4\.0 of 5/ })).toBeVisible();
  await page.getByRole('button', { name: '28 days' }).click();
  await expect(page.getByRole('img', { name: /^Mood, last 28 days: average 5\.0 of 5/ })).toBeVisible();
  // The page fits the phone: nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Editing opens today's answers; saving again replaces them and counts no extra practice.
  await page.getByRole('link', { name: "Edit today's check-in" }).click();
  await expect(page.getByText('You checked in today.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Energy' }).getByRole('radio', { name: '4' })).toBeChecked();
  await expect(page.getByLabel('Note (optional)')).toHaveValue('Big game today <b>not bold</b>');
  await page.getByRole('group', { name: 'Sleep' }).getByRole('radio', { name: '2' }).check();
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(toast(page, "Today's check-in is updated.")).toBeVisible();
  await expect(page.getByRole('img', { name: /^Sleep, last 7 days: average 2\.0 of 5 .* over 1 check-in$/ })).toBeVisible();
  await expect(page.getByTestId('streak')).toHaveText('1-day streak');
});
