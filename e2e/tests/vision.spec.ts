import type { Page } from '@playwright/test';
import { accessToken, expect, signIn, test } from '../support/fixtures';
import { createUser } from '../support/users';

const answers = [
  'Jordan inspires young players to love the game. <b>not bold</b> stays exactly as typed.',
  'Lifting others through sport.',
  'Jordan wins the state championship with the team.',
  'Jordan runs a marathon by June 30, 2027.',
  `By December 31, ${new Date().getFullYear()}, Jordan makes 85% of free throws in games.`,
  'This month Jordan shoots 100 free throws every day.',
  'Jordan is more and more calm under pressure, like a seasoned captain.',
  'Jordan is increasingly brave, calm and relentless.',
  'Jordan wakes at 6, trains with focus, eats well and sleeps by 10.',
];

const stepPaths = [
  '/athletic-vision-define-life-purpose',
  '/athletic-vision-define-purpose-in-5',
  '/athletic-vision-dream-accomplishment',
  '/athletic-vision-bucket-list-goals',
  '/athletic-vision-1-year-goals',
  '/athletic-vision-1-month-goals',
  '/athletic-vision-identity',
  '/athletic-vision-identity-sentence',
  '/athletic-vision-perfect-day',
];

test('a paid member writes, reviews, revises and plays the vision, then breathes to sleep', async ({ page }) => {
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);

  await page.goto('/athletic-vision-welcome');
  await expect(page.getByRole('heading', { name: 'Athletic Vision' })).toBeVisible();
  await expect(page.getByText(member.firstName, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Start' }).click();

  await expect(page).toHaveURL(/\/athletic-vision-next$/);
  await expect(page.locator('blockquote')).toContainText('Design it on purpose');
  const noVisionYet = page.waitForResponse(
    (response) => response.url().endsWith('/_api/v1/userinput/athleticvision') && response.request().method() === 'GET',
  );
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/athletic-vision-first-time-q$/);
  await expect(page.getByText('1 - Is this your first time here or are you updating your vision?')).toBeVisible();
  expect((await noVisionYet).status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Updating vision' })).toHaveCount(0);
  await page.getByRole('link', { name: 'First time' }).click();

  for (const [index, answer] of answers.entries()) {
    await expect(page).toHaveURL(new RegExp(`${stepPaths[index]}$`));
    await expect(page.getByText(`Step ${index + 1} of 9`)).toBeVisible();
    const textarea = page.getByLabel('Your answer');
    await expect(textarea).toHaveValue('');
    if (stepPaths[index] === '/athletic-vision-1-year-goals') {
      // The examples end on the coming December 31, never in a past year.
      await expect(page.getByText(`By December 31, ${new Date().getFullYear()}, Maya runs`)).toBeVisible();
    }
    await textarea.fill(answer);
    await page.getByRole('button', { name: 'Save and continue' }).click();
  }

  await expect(page).toHaveURL(/\/athletic-vision-completion$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Congratulations, Jordan!' })).toBeVisible();
  // Said once, not a bare 'Congratulations' and then again with the name.
  await expect(page.getByRole('main').getByText(/Congratulations/)).toHaveCount(1);
  await page.getByRole('link', { name: 'READ ME MY ATHLETIC VISION' }).click();

  await expect(page).toHaveURL(/\/athletic-vision-review$/);
  for (const answer of answers) await expect(page.getByText(answer, { exact: true })).toBeVisible();
  // Markup is shown as the text it is, never rendered.
  await expect(page.getByTestId('vision-answer-1').locator('b')).toHaveCount(0);

  await page.getByRole('link', { name: 'Revise Dream Accomplishment' }).click();
  await expect(page).toHaveURL(/\/athletic-vision-dream-accomplishment\?revise=1$/);
  await expect(page.getByLabel('Your answer')).toHaveValue(answers[2]);
  const revised = 'Jordan wins the national championship and lifts the trophy with the team.';
  await page.getByLabel('Your answer').fill(revised);
  await page.getByRole('button', { name: 'Save and review' }).click();
  await expect(page).toHaveURL(/\/athletic-vision-review$/);
  // The step's box holds the revised text as well, until the review replaces it.
  await expect(page.getByTestId('vision-answer-3')).toContainText(revised);
  await expect(page.getByText(revised, { exact: true })).toBeVisible();
  await expect(page.getByText(answers[2], { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Play with confidence' }).click();
  await expect(page).toHaveURL(/\/athletic-vision$/);
  await expect(page.getByRole('heading', { name: 'PLAY WITH CONFIDENCE' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Jordan's Winning Formula" })).toBeVisible();
  const affirmation = page.locator('.vision-affirmation');
  await expect(affirmation).toContainText('Jordan is calm. Jordan is confident.');
  await expect(affirmation).toContainText(revised);
  await expect(affirmation).toContainText('more and more');

  await page.getByRole('button', { name: 'I listened to my vision' }).click();
  await expect(page.getByText('Tonight’s listening is recorded.')).toBeVisible();
  await page.getByRole('link', { name: 'Good night' }).click();

  await expect(page).toHaveURL(/\/sleep-well$/);
  await expect(page.getByRole('heading', { name: 'Sleep Well :)' })).toBeVisible();

  // A fresh load with the fake clock, so the 76-second exercise runs in an instant.
  await page.clock.install();
  await page.reload();
  await page.getByRole('button', { name: 'Start' }).click();
  const status = page.getByTestId('breathing-status');
  await expect(status).toContainText('Inhale 4');
  await expect(status).toContainText('Cycle 1 of 4');
  await page.clock.runFor(1000);
  await expect(status).toContainText('Inhale 3');
  await page.clock.runFor(4000);
  await expect(status).toContainText('Hold 6');
  const breathingDone = page.waitForResponse(
    (response) => response.url().endsWith('/_api/v1/practice/events') && response.request().method() === 'POST',
  );
  await page.clock.runFor(72_000);
  await expect(status).toContainText('Well done. Sleep well.');
  expect((await breathingDone).status()).toBe(201);

  const token = await accessToken(page);
  const events = await page.request.get('/_api/v1/practice/events', { headers: { Authorization: `Bearer ${token}` } });
  expect(events.ok()).toBe(true);
  const kinds = ((await events.json()) as { events: { kind: string }[] }).events.map((event) => event.kind);
  expect(kinds).toContain('vision_listened');
  expect(kinds).toContain('breathing_done');
});

test('the entry form needs the three checks and saves all answers', async ({ page }) => {
  const member = createUser('Riley', { paid: true });
  await signIn(page, member);

  await page.goto('/athletic-vision-edit');
  await expect(page).toHaveURL(/\/athletic-vision-define-life-purpose$/);

  const token = await accessToken(page);
  const body = Object.fromEntries(answers.map((answer, index) => [`q${index + 1}`, answer]));
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(saved.ok()).toBe(true);

  await page.goto('/athletic-vision-edit');
  await expect(page.getByLabel('Perfect Day')).toHaveValue(answers[8]);
  await page.getByLabel('Perfect Day').fill('Riley sleeps eight hours and trains with joy.');
  await page.getByRole('button', { name: 'SAVE' }).click();
  // Native validation keeps the form here until the checks are ticked.
  await expect(page).toHaveURL(/\/athletic-vision-edit$/);
  await page.getByLabel('My Athletic Vision is written in the third person.').check();
  await page.getByLabel('My Athletic Vision is written in either the future or present tense.').check();
  await page.getByLabel(/uses improvement based adverbs/).check();
  await page.getByRole('button', { name: 'SAVE' }).click();

  await expect(page).toHaveURL(/\/athletic-vision-review$/);
  await expect(page.getByText('Riley sleeps eight hours and trains with joy.', { exact: true })).toBeVisible();
  await page.getByText('Earlier versions').click();
  await expect(page.getByText('No earlier versions yet.')).toBeVisible();

  await page.goto('/athletic-vision-first-time-q');
  await page.getByRole('link', { name: 'Updating vision' }).click();
  await expect(page).toHaveURL(/\/athletic-vision$/);
  await expect(page.getByRole('heading', { name: "Riley's Winning Formula" })).toBeVisible();
  await page.goto('/athletic-vision?revise=1');
  await expect(page.getByRole('link', { name: 'Revise Athletic Vision' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Good night' })).toHaveCount(0);
});

test('a member without a membership is told that saving needs one', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/athletic-vision-define-life-purpose');
  // Text areas have 8 rows from 1200 px of window width, 4 below.
  await expect(page.getByLabel('Your answer')).toHaveAttribute('rows', '8');
  await page.setViewportSize({ width: 1000, height: 720 });
  await expect(page.getByLabel('Your answer')).toHaveAttribute('rows', '4');
  await page.getByLabel('Your answer').fill('Jordan plays for the love of the game.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.locator('.Toastify').getByText(/Saving needs an active SWAZ membership/)).toBeVisible();
  await expect(page.locator('.Toastify').getByRole('link', { name: 'Renew membership' })).toHaveAttribute(
    'href',
    '/choose-a-plan',
  );
  await expect(page).toHaveURL(/\/athletic-vision-define-life-purpose$/);
});

test('without a saved vision the play and review screens start the questionnaire', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/athletic-vision');
  await expect(page).toHaveURL(/\/athletic-vision-define-life-purpose$/);
  await page.goto('/athletic-vision-review');
  await expect(page).toHaveURL(/\/athletic-vision-define-life-purpose$/);
});

test('editing all answers from the review saves and goes back to the review', async ({ page }) => {
  const member = createUser('Casey', { paid: true });
  await signIn(page, member);
  const token = await accessToken(page);
  const body = Object.fromEntries(answers.map((answer, index) => [`q${index + 1}`, answer]));
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(saved.ok()).toBe(true);

  // Arriving from the review, the saved vision is already in the app's cache.
  await page.goto('/athletic-vision-review');
  await page.getByRole('link', { name: 'Edit all answers' }).click();
  await expect(page).toHaveURL(/\/athletic-vision-edit$/);
  await page.getByLabel('Perfect Day').fill('Casey rests well and trains with joy.');
  await page.getByLabel('My Athletic Vision is written in the third person.').check();
  await page.getByLabel('My Athletic Vision is written in either the future or present tense.').check();
  await page.getByLabel(/uses improvement based adverbs/).check();
  await page.getByRole('button', { name: 'SAVE' }).click();

  await expect(page).toHaveURL(/\/athletic-vision-review$/);
  await expect(page.getByText('Casey rests well and trains with joy.', { exact: true })).toBeVisible();
});

test('typed answers survive a reload and Back, leaving asks first, and the boxes grow', async ({ page }) => {
  const member = createUser('Sam', { paid: true });
  await signIn(page, member);
  await page.goto('/athletic-vision-define-purpose-in-5');
  const textarea = page.getByLabel('Your answer');
  const emptyHeight = await textarea.evaluate((el) => el.getBoundingClientRect().height);
  const long = Array.from({ length: 14 }, (_, i) => `Line ${i + 1}: Sam trains with joy and purpose.`).join('\n');
  await textarea.fill(long);
  // The box grows with the text instead of scrolling inside.
  expect(await textarea.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(emptyHeight + 100);
  expect(await textarea.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);

  // Back inside the app asks; staying keeps the text.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Back' }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain('not saved yet');
  await expect(page).toHaveURL(/\/athletic-vision-define-purpose-in-5$/);

  // Closing the tab asks too (beforeunload).
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked[1]).toBe('beforeunload');
  await expect(page.getByLabel('Your answer')).toHaveValue(long);

  // Leaving anyway: the text is still there on return.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/athletic-vision-define-life-purpose$/);
  await page.goto('/athletic-vision-define-purpose-in-5');
  await expect(page.getByLabel('Your answer')).toHaveValue(long);

  // Saved, the draft is gone: nothing asks, nothing is kept on the device.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/athletic-vision-dream-accomplishment$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('swaz.vision.draft.')))).toEqual(
    [],
  );

  // A draft typed but not saved is forgotten on sign-out (typed into step 3, not the step left).
  await expect(page.getByTestId('vision-step-counter')).toHaveText('Step 3 of 9');
  await page.getByLabel('Your answer').fill('Sam wins the league.');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('swaz.vision.draft.'))))
    .toEqual([]);
});

test('the entry form keeps typed answers across a reload until they are saved', async ({ page }) => {
  const member = createUser('Avery', { paid: true });
  await signIn(page, member);
  const token = await accessToken(page);
  const body = Object.fromEntries(answers.map((answer, index) => [`q${index + 1}`, answer]));
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(saved.ok()).toBe(true);

  await page.goto('/athletic-vision-edit');
  await page.getByLabel('Perfect Day').fill('Avery sleeps early and wakes ready.');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByLabel('Perfect Day')).toHaveValue('Avery sleeps early and wakes ready.');
  await expect(page.getByLabel('Identity', { exact: true })).toHaveValue(answers[6]);

  await page.getByLabel('My Athletic Vision is written in the third person.').check();
  await page.getByLabel('My Athletic Vision is written in either the future or present tense.').check();
  await page.getByLabel(/uses improvement based adverbs/).check();
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page).toHaveURL(/\/athletic-vision-review$/);
  await expect(page.getByText('Avery sleeps early and wakes ready.', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('swaz.vision.draft.')))).toEqual(
    [],
  );
});
