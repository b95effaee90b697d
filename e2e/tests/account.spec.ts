import { expect, signIn, signOut, test, toast } from '../support/fixtures';
import { firstLink, latestMailTo, mailTo } from '../support/mailbox';

test('the profile shows unsaved changes, saves and keeps the new values', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account');

  const firstName = page.getByLabel('First name');
  const lastName = page.getByLabel('Last name');
  await expect(firstName).toHaveValue(user.firstName);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await firstName.fill('Riley');
  await lastName.fill('Champion');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Riley');
  await expect(page.getByLabel('Last name')).toHaveValue('Champion');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
});

test('profile validation shows after the field loses focus', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account');

  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(user.email);
  await email.fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await email.blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('First name').fill('');
  await page.getByLabel('First name').blur();
  await expect(page.getByText('First name is required')).toBeVisible();
});

test('a changed password is the one that signs in', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/account/change-password');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('one');
  await page.getByLabel('Confirm password', { exact: true }).fill('two');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Password do not match')).toBeVisible();

  const newPassword = `${user.password}-changed`;
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(toast(page, 'Password change success')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Confirm password', { exact: true })).toHaveValue('');

  await signOut(page);
  await signIn(page, { email: user.email, password: newPassword });
});

test('a new e-mail is confirmed from the new address and the current one before it is used', async ({ page, request, user }) => {
  await signIn(page, user);
  await page.goto('/account');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(user.email);
  const newEmail = `new-${user.email}`;
  await email.fill(newEmail);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('pending-email')).toContainText(`We sent a link to ${newEmail}.`);
  await expect(email).toHaveValue(user.email);

  // SWAZ_SECURE_EMAIL_CHANGE (on by default): the new address confirms, then the current one.
  const mail = await latestMailTo(request, newEmail);
  expect(mail.subject).toBe('Confirm your new SWAZ e-mail address');
  await page.goto(firstLink(mail, page.url()));
  await expect(page).toHaveURL(/\/account#message=Confirmation\+link\+accepted/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expect(page.getByTestId('pending-email')).toContainText(`We sent a link to ${newEmail}.`);

  // Found by subject: the new address contains the current one, and both mails left together.
  const current = await mailTo(request, user.email, 'Confirm the change of your SWAZ e-mail address');
  await page.goto(firstLink(current, page.url()));
  await expect(page).toHaveURL(/\/account#?$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
});

test('after saving a new first name the dashboard greets the new name at once', async ({ page, user }) => {
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`, ${user.firstName}$`) })).toBeVisible();
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Account' }).click();
  await page.getByLabel('First name').fill('Quinn');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  // Back in the app, without a reload.
  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /, Quinn$/ })).toBeVisible();
});
