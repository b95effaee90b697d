import type { Page } from '@playwright/test';
import { serverNow } from '../support/dev-clock';
import { accessToken, expect, signIn, signOut, test } from '../support/fixtures';
import { createUser } from '../support/users';

const vision = {
  q1: 'Jordan inspires young players to love the game.',
  q2: 'Lifting others through sport.',
  q3: 'Jordan wins the state championship with the team.',
  q4: 'Jordan runs a marathon by June 30, 2027.',
  q5: 'By December 31, 2027, Jordan makes 85% of free throws in games.',
  q6: 'This month Jordan shoots 100 free throws every day.',
  q7: 'Jordan is more and more calm under pressure.',
  q8: 'Jordan is increasingly brave, calm and relentless.',
  q9: 'Jordan wakes at 6, trains with focus and sleeps by 10.',
};

const dailyPlan = [
  'Shoot 100 free throws before practice',
  'Watch ten minutes of game film',
  'Lead the warm-up with energy',
  'Five minutes of visualisation',
  'In bed by 10 pm',
  'Call grandma',
];

const weeklyPlan = ['Make 85% in shooting drills', 'Film review twice', 'Captain one drill', 'Journal daily', 'Three lifts', 'Family dinner'];

async function saveVision(page: Page) {
  const token = await accessToken(page);
  const saved = await page.request.post('/_api/v1/userinput/athleticvision', {
    headers: { Authorization: `Bearer ${token}` },
    data: vision,
  });
  expect(saved.ok()).toBe(true);
}

function answerBox(page: Page, title: string) {
  return page.getByRole('textbox', { name: title, exact: true });
}

/** Types into the current step's text area and presses Next. */
async function answer(page: Page, title: string, text: string) {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await answerBox(page, title).fill(text);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

async function rate(page: Page, title: string, value: number) {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await page.getByRole('radiogroup', { name: title }).getByText(String(value), { exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

const objectiveTitles = ['Vision objective 1', 'Vision objective 2', 'Vision objective 3', 'Mind', 'Body', 'Soul'];

test('a paid athlete reviews today and plans tomorrow, then sees the objectives on the welcome screen', async ({
  page,
}) => {
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);
  await saveVision(page);

  await page.goto('/daily-action-welcome');
  await expect(page.getByRole('heading', { name: "Hey Jordan hope your day's been awesome." })).toBeVisible();
  await expect(page.getByText("Let's review today and plan tomorrow!")).toBeVisible();
  await expect(page.getByText(/No plans saved yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();

  await expect(page).toHaveURL(/\/daily-action-create$/);
  // SPEC §2: no navigation on the wizard.
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  const counter = page.getByTestId('planning-step-counter');
  await expect(counter).toContainText('Step 1 of 10');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Answer this question before moving on.')).toBeVisible();
  await expect(counter).toContainText('Step 1 of 10');

  await answer(page, "Today's wins", 'Won every sprint in practice.');
  await answer(page, 'What I learned today', 'Rest matters as much as reps.');
  await expect(counter).toContainText('Step 3 of 10');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Pick a number from 1 to 10 before moving on.')).toBeVisible();
  await rate(page, 'How present I was today', 8);

  // Back keeps what was answered.
  await expect(counter).toContainText('Step 4 of 10');
  await expect(page.getByTestId('planning-vision-reminder')).toContainText(vision.q3);
  await expect(page.getByTestId('planning-vision-reminder')).toContainText(vision.q5);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('radio', { name: '8', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(answerBox(page, 'What I learned today')).toHaveValue('Rest matters as much as reps.');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  for (const [index, text] of dailyPlan.entries()) {
    await expect(counter).toContainText(`Step ${index + 4} of 10`);
    if (index === 2) {
      // A reload mid-wizard keeps the answers and the step.
      await page.reload();
      await expect(counter).toContainText('Step 6 of 10');
    }
    await answer(page, objectiveTitles[index], text);
  }

  await expect(counter).toContainText('Step 10 of 10');
  await expect(page.getByRole('heading', { name: 'Check your answers' })).toBeVisible();
  const summary = page.getByTestId('planning-summary');
  await expect(summary).toContainText('Won every sprint in practice.');
  await expect(summary).toContainText('8 / 10');
  for (const text of dailyPlan) await expect(summary).toContainText(text);

  // Edit jumps back to a step; the step list jumps forward to the summary.
  await page.getByRole('button', { name: "Edit Today's wins" }).click();
  await expect(counter).toContainText('Step 1 of 10');
  await answerBox(page, "Today's wins").fill('Won every sprint and every drill.');
  await page.getByRole('button', { name: 'Step 10 of 10: Check your answers' }).click();
  await expect(summary).toContainText('Won every sprint and every drill.');

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/_api/v1/userinput/dailyaction') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Tonight's bedtime routine" })).toHaveAttribute('href', '/athletic-vision');
  await expect(page.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/user-dashboard');
  await expect(page.getByRole('link', { name: 'See my daily logs' })).toHaveAttribute('href', '/daily-logs');

  await page.goto('/daily-action-welcome');
  const recent = page.getByTestId('recent-daily-objectives');
  for (const text of dailyPlan) await expect(recent).toContainText(text);
  await expect(page.getByTestId('recent-weekly-objectives')).toHaveCount(0);

  // Start again: a fresh wizard.
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(counter).toContainText('Step 1 of 10');
  await expect(answerBox(page, "Today's wins")).toHaveValue('');
});

test('a first weekly map skips the review; the next one asks for it', async ({ page }) => {
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);

  await page.goto('/weekly-map-welcome');
  await expect(page.getByRole('heading', { name: "Hey Jordan hope your week's been awesome." })).toBeVisible();
  await expect(page.getByText("Let's review this past week and plan the week ahead!")).toBeVisible();
  await expect(page.getByText(/No weekly map saved yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();

  await expect(page).toHaveURL(/\/weekly-map-athletic-vision$/);
  await expect(page.getByText(/You have not saved your Athletic Vision yet/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write my Athletic Vision' })).toHaveAttribute(
    'href',
    '/athletic-vision-welcome',
  );
  await page.getByRole('link', { name: 'Plan without it for now' }).click();

  await expect(page).toHaveURL(/\/weekly-map-create$/);
  const counter = page.getByTestId('planning-step-counter');
  await expect(counter).toContainText('Step 1 of 7');
  for (const [index, text] of weeklyPlan.entries()) await answer(page, objectiveTitles[index], text);
  await expect(page.getByText('This is your first weekly map, so there is no past week to review.')).toBeVisible();
  await expect(page.getByTestId('planning-summary')).not.toContainText("This week's biggest win");
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();

  await saveVision(page);
  await page.goto('/weekly-map-welcome');
  const recent = page.getByTestId('recent-weekly-objectives');
  for (const text of weeklyPlan) await expect(recent).toContainText(text);
  await page.getByRole('button', { name: 'Start' }).click();

  await expect(page).toHaveURL(/\/weekly-map-athletic-vision$/);
  await expect(page.getByTestId('weekly-vision')).toContainText(vision.q3);
  await expect(page.getByTestId('weekly-vision')).toContainText(vision.q5);
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/weekly-map-create$/);
  await expect(counter).toContainText('Step 1 of 12');
  await answer(page, "This week's biggest win", 'Hit a new personal best.');
  await answer(page, "This week's lesson", 'Consistency beats intensity.');
  await answer(page, 'What I will do differently', 'Stretch after every session.');
  await rate(page, 'How closely I lived my vision', 7);
  await answer(page, 'What I am grateful for', 'My coach and my team.');
  const secondPlan = weeklyPlan.map((text) => `${text}, again`);
  for (const [index, text] of secondPlan.entries()) await answer(page, objectiveTitles[index], text);
  await expect(counter).toContainText('Step 12 of 12');
  await expect(page.getByTestId('planning-summary')).toContainText('7 / 10');

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/_api/v1/userinput/weeklymap') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const entry = (await (await saved).json()) as { first: boolean; q1: string; q4: number };
  expect(entry).toMatchObject({ first: false, q1: 'Hit a new personal best.', q4: 7 });
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();

  await page.goto('/daily-action-welcome');
  await expect(page.getByTestId('recent-weekly-objectives')).toContainText(secondPlan[0]);
});

async function fillDaily(page: Page, wins: string, reminder?: string) {
  await answer(page, "Today's wins", wins);
  await answer(page, 'What I learned today', 'Patience.');
  await rate(page, 'How present I was today', 5);
  if (reminder) await expect(page.getByTestId('planning-vision-reminder')).toContainText(reminder);
  for (const [index, text] of dailyPlan.entries()) await answer(page, objectiveTitles[index], text);
}

test('the server’s validation message is shown and the answers are kept', async ({ page }) => {
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);

  // Straight to the wizard without Start: a fresh one.
  await page.goto('/daily-action-create');
  await expect(page.getByTestId('planning-step-counter')).toContainText('Step 1 of 10');
  await fillDaily(page, 'W'.repeat(5001), 'No Athletic Vision saved yet.');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('planning-save-error')).toContainText(
    "'Today's wins' is too long: keep it under 5,000 characters.",
  );
  await expect(page.getByTestId('planning-summary')).toContainText(dailyPlan[5]);

  await page.getByRole('button', { name: "Edit Today's wins" }).click();
  await answerBox(page, "Today's wins").fill('A short, honest win.');
  await page.getByRole('button', { name: 'Step 10 of 10: Check your answers' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();
});

test('a member without a membership is told that saving needs one', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/daily-action-welcome');
  await page.getByRole('button', { name: 'Start' }).click();
  await fillDaily(page, 'Showed up.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const error = page.getByTestId('planning-save-error');
  await expect(error).toContainText('Saving needs an active SWAZ membership');
  await expect(error.getByRole('link', { name: 'Renew membership' })).toHaveAttribute('href', '/choose-a-plan');
  await expect(page.getByTestId('planning-summary')).toContainText('Showed up.');
});

test('a draft is forgotten on sign-out, so the next athlete on this browser starts afresh', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/daily-action-welcome');
  await page.getByRole('button', { name: 'Start' }).click();
  await answer(page, "Today's wins", 'A private win');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(answerBox(page, "Today's wins")).toHaveValue('A private win');

  await page.getByRole('link', { name: 'Exit' }).click();
  await signOut(page);
  const next = createUser('Riley', { paid: true });
  await signIn(page, next);
  await page.goto('/daily-action-create');
  await expect(answerBox(page, "Today's wins")).toHaveValue('');
});

/** The member's daily actions as the server has them. */
async function savedDailyActions(page: Page): Promise<{ r1: string; createdAt: string }[]> {
  const token = await accessToken(page);
  const res = await page.request.get('/_api/v1/userinput/dailyaction', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { dailyActions: { r1: string; createdAt: string }[] }).dailyActions;
}

test('Save pressed twice, and a save whose answer was lost on the way, each make one entry', async ({ page }) => {
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);
  await page.goto('/daily-action-create');
  await fillDaily(page, 'Double tap.');
  await page.getByRole('button', { name: 'Save', exact: true }).dblclick();
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();
  expect((await savedDailyActions(page)).map((d) => d.r1)).toEqual(['Double tap.']);

  // The server saves it, but its answer never reaches the phone: the retry from the phone
  // carries the same key and is answered with the first save.
  let lost = 0;
  await page.route('**/_api/v1/userinput/dailyaction', async (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto('/daily-action-create');
  await fillDaily(page, 'Lost answer.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();
  await expect.poll(async () => (await savedDailyActions(page)).map((d) => d.r1)).toEqual(['Lost answer.', 'Double tap.']);
  expect(lost).toBe(1);
});

test('a daily action saved in airplane mode is kept on the phone and arrives once back online', async ({
  page,
  context,
  request,
}) => {
  // The phone's clock reads the server's (which other specs of the run move on).
  await page.clock.setFixedTime(await serverNow(request));
  const member = createUser('Jordan', { paid: true });
  await signIn(page, member);
  await page.goto('/daily-action-create');
  await fillDaily(page, 'Planned on the bus.');
  await context.setOffline(true);
  const savedAt = await page.evaluate(() => Date.now());
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();
  await expect(page.getByText(/kept on this phone: SWAZ sends it when you are back online/)).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await savedDailyActions(page)).map((d) => d.r1)).toEqual(['Planned on the bus.']);
  // Counted when it was written: the server took the phone's time, not its own.
  const [entry] = await savedDailyActions(page);
  expect(Math.abs(Date.parse(entry.createdAt) - savedAt)).toBeLessThan(60_000);
  await page.goto('/user-dashboard');
  await expect(page.getByTestId('streak')).toContainText('1');
});
