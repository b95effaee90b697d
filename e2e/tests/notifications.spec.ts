import { expect, signIn, test, toast } from '../support/fixtures';

test('notification settings save, survive a reload and refuse a missing time', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account/notification-settings');
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();

  const daily = page.getByLabel('Daily practice reminder', { exact: true });
  const time = page.getByLabel('Reminder time', { exact: true });
  const zone = page.getByLabel('Time zone', { exact: true });
  const weekly = page.getByLabel(/Weekly map reminder/);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(time).toHaveValue('20:00');
  await expect(daily).not.toBeChecked();
  await expect(save).toBeDisabled();

  await daily.check();
  await time.fill('06:45');
  await zone.selectOption('Europe/Berlin');
  await weekly.check();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await save.click();
  await expect(toast(page, 'Notification settings saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Daily practice reminder', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Reminder time', { exact: true })).toHaveValue('06:45');
  await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/Berlin');
  await expect(page.getByLabel(/Weekly map reminder/)).toBeChecked();
  await expect(page.getByLabel(/Live call reminder/)).not.toBeChecked();

  await page.getByLabel('Reminder time', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter the reminder time as HH:MM, for example 20:00.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Reminder time', { exact: true })).toHaveValue('06:45');
});

test('game day silences reminders until the end of today', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account/notification-settings');
  const gameDay = page.getByLabel('Game day: no reminders today', { exact: true });
  await expect(gameDay).not.toBeChecked();
  // The switch follows the server's answer, so it is clicked rather than checked.
  await gameDay.click();
  await expect(toast(page, 'Game day: reminders are off until the end of today')).toBeVisible();
  await expect(page.getByText(/Reminders are silent until/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Game day: no reminders today', { exact: true })).toBeChecked();
  await page.getByLabel('Game day: no reminders today', { exact: true }).click();
  await expect(toast(page, 'Game day is over: reminders are back on')).toBeVisible();
  await expect(page.getByLabel('Game day: no reminders today', { exact: true })).not.toBeChecked();
});
