/** Copy of the planning screens (SPEC §2) and the wizard questions (DESIGN §5). */
export const planningTexts = {
  planningTitle: 'Planning my:',
  /** Under 'Planning my:': why to plan at all. */
  planningLine: 'A clear plan turns your vision into the next step.',
  week: 'Week',
  day: 'Day',
  weeklyMapTitle: 'Weekly Map',
  weeklyMapVisionTitle: 'Weekly Map: Athletic Vision',
  dailyActionTitle: 'Daily Action',
  athleteFallbackName: 'Athlete',

  dailyWelcomeGreeting: (name: string) => `Hey ${name} hope your day's been awesome.`,
  dailyWelcomeLead: "Let's review today and plan tomorrow!",
  weeklyWelcomeGreeting: (name: string) => `Hey ${name} hope your week's been awesome.`,
  weeklyWelcomeLead: "Let's review this past week and plan the week ahead!",
  start: 'Start',
  starting: 'Getting ready...',

  recentDailyHeading: 'Your latest daily objectives',
  recentWeeklyHeading: 'Your latest weekly objectives',
  noRecentDaily: 'No plans saved yet. Press Start to review today and set your objectives for tomorrow.',
  noRecentWeekly: 'No weekly map saved yet. Press Start to map out the week ahead.',

  visionStepLead: 'Every week starts from your vision. Read it slowly, then plan the week that moves you toward it.',
  visionAthletic: 'Athletic vision',
  visionYearGoal: '1 year goal',
  visionMissing: 'You have not saved your Athletic Vision yet. Write it first, then plan your week around it.',
  writeVision: 'Write my Athletic Vision',
  continue: 'Continue',
  planWithoutVision: 'Plan without it for now',
  visionLoadFailed: 'Your Athletic Vision could not be loaded right now.',

  reminderHeading: 'Your Athletic Vision',
  teamFocusHeading: 'This week’s team focus',
  towardFocus: 'My plan today works on the team focus',
  towardFocusHint: 'Your coach sees how many days this week your plan worked on it, if you share your practice.',
  reminderMissing: 'No Athletic Vision saved yet.',
  reminderWrite: 'Write it',

  stepOf: (order: number, total: number) => `Step ${order} of ${total}`,
  sectionReview: 'Review',
  sectionPlan: 'Plan',
  back: 'Back',
  next: 'Next',
  exit: 'Exit',
  answerRequired: 'Answer this question before moving on.',
  ratingRequired: 'Pick a number from 1 to 10 before moving on.',
  ratingLow: 'Not at all',
  ratingHigh: 'Completely',

  summaryHeading: 'Check your answers',
  summaryLead: 'Read it through once. Edit anything that does not feel right, then save.',
  summaryFirstWeek: 'This is your first weekly map, so there is no past week to review.',
  edit: 'Edit',
  editLabel: (title: string) => `Edit ${title}`,
  notAnswered: 'Not answered yet',
  save: 'Save',
  saving: 'Saving...',
  saveFailed: 'Your answers could not be saved. They are still here: try again in a moment.',
  renewMembership: 'Renew membership',

  savedHeading: 'Saved',
  dailySavedLead: 'Tomorrow is planned. Now switch off and let your vision do its work tonight.',
  dailySavedOnDeviceLead:
    'Tomorrow is planned and kept on this phone: SWAZ sends it when you are back online, and it counts for today.',
  weeklySavedLead: 'Your week is mapped. Come back each evening to plan the next day.',
  bedtimeRoutine: "Tonight's bedtime routine",
  toDashboard: 'Go to my dashboard',
  toDailyLogs: 'See my daily logs',
  planAnother: 'Back to planning',
  loading: 'Loading...',
} as const;

/** A written answer or a 1-10 self-rating. */
export type QuestionKind = 'text' | 'rating';
export type QuestionSection = 'review' | 'plan';

export interface PlanningQuestion<K extends string = string> {
  key: K;
  section: QuestionSection;
  kind: QuestionKind;
  /** Short name, also the summary label; the server's error messages use the same names. */
  title: string;
  prompt: string;
}

const planPrompts = {
  objective: (n: number, when: string) =>
    `${n === 1 ? 'One' : n === 2 ? 'A second' : 'A third'} concrete thing you will do ${when} that moves you toward your Athletic Vision.`,
  mind: (when: string) => `How will you train your mind ${when}? Visualisation, reading, a focus cue…`,
  body: (when: string) => `How will you look after your body ${when}? Training, sleep, food, recovery…`,
  soul: (when: string) => `What will you do for your soul ${when}? Family, friends, gratitude, fun…`,
};

/** DESIGN §5: review r1-r3, then plan q1-q6 (vision objectives 1-3, Mind, Body, Soul). */
export const dailyQuestions = [
  {
    key: 'r1',
    section: 'review',
    kind: 'text',
    title: "Today's wins",
    prompt: 'What went well today? Big or small, write down your wins.',
  },
  {
    key: 'r2',
    section: 'review',
    kind: 'text',
    title: 'What I learned today',
    prompt: 'What did today teach you, on or off the field?',
  },
  {
    key: 'r3',
    section: 'review',
    kind: 'rating',
    title: 'How present I was today',
    prompt: 'How present were you today, from 1 (somewhere else) to 10 (fully in the moment)?',
  },
  { key: 'q1', section: 'plan', kind: 'text', title: 'Vision objective 1', prompt: planPrompts.objective(1, 'tomorrow') },
  { key: 'q2', section: 'plan', kind: 'text', title: 'Vision objective 2', prompt: planPrompts.objective(2, 'tomorrow') },
  { key: 'q3', section: 'plan', kind: 'text', title: 'Vision objective 3', prompt: planPrompts.objective(3, 'tomorrow') },
  { key: 'q4', section: 'plan', kind: 'text', title: 'Mind', prompt: planPrompts.mind('tomorrow') },
  { key: 'q5', section: 'plan', kind: 'text', title: 'Body', prompt: planPrompts.body('tomorrow') },
  { key: 'q6', section: 'plan', kind: 'text', title: 'Soul', prompt: planPrompts.soul('tomorrow') },
] as const satisfies readonly PlanningQuestion[];

/** DESIGN §5: review q1-q5 (skipped on a first map), then plan q6-q11. */
export const weeklyQuestions = [
  {
    key: 'q1',
    section: 'review',
    kind: 'text',
    title: "This week's biggest win",
    prompt: 'Looking back over the past seven days, what was your biggest win?',
  },
  {
    key: 'q2',
    section: 'review',
    kind: 'text',
    title: "This week's lesson",
    prompt: 'What was the most important lesson this week taught you?',
  },
  {
    key: 'q3',
    section: 'review',
    kind: 'text',
    title: 'What I will do differently',
    prompt: 'Knowing what you know now, what will you do differently next week?',
  },
  {
    key: 'q4',
    section: 'review',
    kind: 'rating',
    title: 'How closely I lived my vision',
    prompt: 'How closely did you live your Athletic Vision this week, from 1 (not at all) to 10 (every day)?',
  },
  {
    key: 'q5',
    section: 'review',
    kind: 'text',
    title: 'What I am grateful for',
    prompt: 'What are you grateful for this week?',
  },
  { key: 'q6', section: 'plan', kind: 'text', title: 'Vision objective 1', prompt: planPrompts.objective(1, 'this week') },
  { key: 'q7', section: 'plan', kind: 'text', title: 'Vision objective 2', prompt: planPrompts.objective(2, 'this week') },
  { key: 'q8', section: 'plan', kind: 'text', title: 'Vision objective 3', prompt: planPrompts.objective(3, 'this week') },
  { key: 'q9', section: 'plan', kind: 'text', title: 'Mind', prompt: planPrompts.mind('this week') },
  { key: 'q10', section: 'plan', kind: 'text', title: 'Body', prompt: planPrompts.body('this week') },
  { key: 'q11', section: 'plan', kind: 'text', title: 'Soul', prompt: planPrompts.soul('this week') },
] as const satisfies readonly PlanningQuestion[];

/** Labels of the six objectives, in order, for the recent-objectives lists (SPEC §3). */
export const objectiveLabels = [
  'Vision objective 1',
  'Vision objective 2',
  'Vision objective 3',
  'Mind',
  'Body',
  'Soul',
] as const;
