import { visionStepPaths } from './step-paths';

/** Copy of the Athletic Vision screens and the bedtime routine (SPEC §2, §5, §9). */
export const visionTexts = {
  welcomeTitle: 'Athletic Vision',
  start: 'Start',
  athleteFallbackName: 'Athlete',
  /** Under the name on the welcome screen: what Start leads to. */
  welcomeLine: 'Nine questions to picture the athlete you are becoming, and the life around them.',

  nextQuote:
    'Your mind is the training ground nobody else can see. Design it on purpose: choose what you picture, what you repeat and what you believe, and your game will follow the blueprint you draw tonight.',
  nextQuoteSource: 'SWAZ',
  continue: 'Continue',

  firstTimeQuestion: '1 - Is this your first time here or are you updating your vision?',
  firstTime: 'First time',
  updatingVision: 'Updating vision',

  stepOf: (order: number, total: number) => `Step ${order} of ${total}`,
  examplesHeading: 'Examples',
  answerLabel: 'Your answer',
  back: 'Back',
  leaveUnsaved: 'Your text is not saved yet. Leave this page? It stays on this device as a draft until you save.',
  next: 'Save and continue',
  saveRevision: 'Save and review',
  saving: 'Saving...',
  loadingAnswer: 'Loading your answer...',
  loadFailed: 'Your saved answer could not be loaded. You can still write it now.',
  renewMembership: 'Renew membership',
  saveFailed: 'Something went wrong while saving',

  editTitle: 'Athletic Vision',
  editLead: 'All nine answers on one page. Read them aloud once, adjust what no longer fits, then save.',
  checklistHeading: 'Before you save',
  checks: [
    'My Athletic Vision is written in the third person.',
    'My Athletic Vision is written in either the future or present tense.',
    "My Athletic Vision uses improvement based adverbs such as 'increasingly' or 'more and more'.",
  ],
  save: 'SAVE',

  /** Said once, with the name (a bare 'Congratulations' above it repeated it). */
  completionTitle: (name: string) => `Congratulations, ${name}!`,
  completionBody:
    'You have written your Athletic Vision. That is something most athletes never do. Now let it work for you: hear it, see it and let it grow more and more real every night.',
  readMe: 'READ ME MY ATHLETIC VISION',
  /** The celebration of a finished vision (issue 29). */
  celebration: 'Your Athletic Vision is written. Hear it tonight at bedtime.',
  celebrationClose: 'Close',

  reviewTitle: 'Athletic Vision Review',
  reviewLead: 'Here is your vision as you wrote it. Revise any answer, or go and play with confidence.',
  revise: 'Revise',
  reviseLabel: (title: string) => `Revise ${title}`,
  editAll: 'Edit all answers',
  playWithConfidence: 'Play with confidence',
  lastSaved: (date: string) => `Last saved ${date}`,
  earlierVersions: 'Earlier versions',
  noEarlierVersions: 'No earlier versions yet.',
  versionLabel: (version: number, date: string) => `Version ${version} — ${date}`,

  playTitle: 'PLAY WITH CONFIDENCE',
  winningFormula: (name: string) => `${name}'s Winning Formula`,
  routineHeading: 'How to listen',
  routine: [
    'Settle into bed with the lights low and your phone on silent.',
    'Listen with your eyes closed, and see each sentence happening as you hear it.',
    'Repeat 4 to 6 nights a week, and in the morning too if you like.',
  ],
  affirmationHeading: 'Your affirmation',
  listenHeading: 'Read it to me',
  voice: 'Voice',
  defaultVoice: 'Default voice',
  rate: 'Speed',
  play: 'Play',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  noVoice:
    'This device has no voice to read your vision aloud. Record it once in your own voice and it plays here every night.',
  noVoiceNoRecorder: 'This device has no voice to read your vision aloud, nor can this browser record it. Read it slowly to yourself before you sleep.',
  recordInsteadOfVoice: 'Record it in my own voice',

  myRecording: 'Your vision in your own voice',
  loadingRecording: 'Loading your recording…',
  recordingUnavailable: 'Your recording could not be loaded right now: the device’s voice reads your vision instead.',
  useDeviceVoice: 'Use the device’s voice instead',
  useMyRecording: 'Play my recording',
  playerLabel: 'My Athletic Vision, in my own voice',

  recordHeading: 'Record in my own voice',
  recordLead:
    'Read your vision aloud once, slowly and warmly, in a quiet room. At bedtime it plays in your own voice instead of the device’s.',
  recordSavedLead: 'Your recording plays at bedtime. Record it again whenever your vision changes.',
  startRecording: 'Start recording',
  recordAgain: 'Record again',
  askingMicrophone: 'Allow the microphone to start recording…',
  recordingNow: 'Recording',
  teleprompterLabel: 'Your vision to read aloud',
  stopRecording: 'Stop recording',
  reviewHeading: 'Listen back',
  reviewLabel: 'The recording you just made',
  saveRecording: 'Save recording',
  savingRecording: 'Saving…',
  recordingSaved: 'Saved. Your recording plays at bedtime.',
  deleteRecording: 'Delete recording',
  confirmDelete: 'Delete your recording? The device’s voice reads your vision again.',
  confirmDeleteYes: 'Yes, delete it',
  keepRecording: 'Keep it',
  recordingDeleted: 'Recording deleted.',
  micDenied:
    'SWAZ may not use the microphone. Allow it for this site in your browser’s settings (the lock or “aA” by the address), then try again.',
  noMicrophone: 'No microphone was found on this device, or another app is using it.',
  recorderUnsupported:
    'This browser cannot record audio. Try the latest Chrome, Firefox or Safari, or read your vision aloud to yourself.',
  recordingFailed: 'The recording did not work. Please try again.',
  recordingTooLong: 'This recording is too long to save (at most 20 MB). Record a shorter, calmer reading.',
  recordingOffline: 'The recording could not be sent: check your connection, then save it again.',
  recordingSaveFailed: 'Your recording could not be saved',
  recordingDeleteFailed: 'Your recording could not be deleted',

  backgroundHeading: 'Background sound',
  backgroundSound: 'Sound',
  backgroundOff: 'Off',
  backgroundKinds: { rain: 'Rain', waves: 'Waves' },
  backgroundVolume: 'Volume',
  sleepTimer: 'Sleep timer',
  sleepTimerOff: 'Off',
  sleepTimerMinutes: (minutes: number) => `${minutes} min`,
  sleepTimerRemaining: (clock: string) => `Fades out and stops in ${clock}`,
  mediaTitle: 'My Athletic Vision',
  listened: 'I listened to my vision',
  listenedRecorded: 'Nice work. Tonight’s listening is recorded.',
  recordFailed: 'Your practice could not be recorded',
  savedOnDevice: 'You’re offline: saved on this phone. It counts once you’re back online.',
  reviseVision: 'Revise Athletic Vision',
  goodNight: 'Good night',

  sleepWellTitle: 'Sleep Well :)',
  breathingHeading: '4-7-8 breathing',
  breathingLead:
    'Breathe in quietly through your nose for 4, hold for 7, and breathe out through your mouth for 8. Four rounds, then sleep.',
  breathingStart: 'Start',
  breathingPause: 'Pause',
  breathingResume: 'Resume',
  breathingStop: 'Stop',
  breathingAgain: 'Breathe again',
  inhale: 'Inhale',
  hold: 'Hold',
  exhale: 'Exhale',
  cycleOf: (cycle: number, total: number) => `Cycle ${cycle} of ${total}`,
  breathingReady: 'Ready when you are.',
  breathingPaused: 'Paused',
  breathingDone: 'Well done. Sleep well.',
  cuesHeading: 'Eyes-closed cues',
  soundCues: 'Sound cues',
  soundCuesHint: 'A soft tone rises as you breathe in, holds, and falls as you breathe out.',
  vibrationCues: 'Vibration',
  vibrationCuesHint: 'One pulse to breathe in, two to hold, three to breathe out.',
} as const;

/** One single-question screen of the questionnaire. */
export interface VisionStep {
  /** 1..9; also the answer key q{order} and the single-step endpoint's order. */
  order: number;
  path: string;
  title: string;
  prompt: string;
  /** Written with `{deadline}` where the coming December 31 goes (see `stepExamples`). */
  examples?: readonly string[];
}

/** SPEC §2: the nine single-question steps, by order. */
export const visionSteps: readonly VisionStep[] = [
  {
    order: 1,
    path: visionStepPaths[0],
    title: 'Definite Life Purpose',
    prompt:
      'Why are you here? In 2-3 sentences, write your definite life purpose: the bigger reason behind your sport and everything else you do. Write it in the third person and the present tense, as if someone who knows you well were describing you, for example "Sam lives to…". It does not have to be perfect; it becomes clearer more and more each time you return to it.',
  },
  {
    order: 2,
    path: visionStepPaths[1],
    title: 'Purpose in 5 Words',
    prompt:
      'Now say it in 5 words or less, short enough to remember in the middle of a game. If you do not know your purpose yet, that is fine: write that your purpose is becoming more and more clear.',
  },
  {
    order: 3,
    path: visionStepPaths[2],
    title: 'Dream Accomplishment',
    prompt:
      'What is the dream in your sport? Describe the accomplishment that would make your younger self jump out of bed: the team, the title, the moment. Write it as if it is happening now, in the third person, and let yourself dream big.',
  },
  {
    order: 4,
    path: visionStepPaths[3],
    title: 'Bucket List Goals',
    prompt:
      'List your bucket list goals, in and outside your sport. Make each one specific and measurable, and give it an expiry date, so you will know exactly when you have done it.',
  },
  {
    order: 5,
    path: visionStepPaths[4],
    title: '1 Year Goal',
    prompt:
      'Choose one key goal for the next year. Make it measurable and give it an end date. One goal, clearly stated, pulls harder than five vague ones.',
    examples: [
      'By {deadline}, Maya runs the 800 m in under 2:10.',
      'By {deadline}, Leo starts every league game as the first-choice goalkeeper.',
      'By {deadline}, Ana makes 85% of her free throws in games.',
    ],
  },
  {
    order: 6,
    path: visionStepPaths[5],
    title: '1 Month Focus',
    prompt:
      'What is the one thing you will focus on this month to move toward your yearly goal? Keep it small enough to act on every day and write it in the present tense.',
    examples: [
      'This month Maya does her core routine five mornings a week.',
      'This month Leo watches ten minutes of game film after every training session.',
      'This month Ana shoots 100 free throws a day and logs every make.',
    ],
  },
  {
    order: 7,
    path: visionStepPaths[6],
    title: 'Identity',
    prompt:
      'Who are you becoming? (A) Describe the improved version of yourself: how this person trains, competes, speaks to teammates and handles pressure. (B) If it helps, name a role model and the qualities of theirs you are growing into. Use the third person, present tense and words like "increasingly" or "more and more".',
  },
  {
    order: 8,
    path: visionStepPaths[7],
    title: 'Identity Sentence',
    prompt:
      'Sum up that identity in one sentence you can say to yourself before every game. For example: "Jordan is increasingly calm, brave and relentless when it matters most."',
  },
  {
    order: 9,
    path: visionStepPaths[8],
    title: 'Perfect Day',
    prompt:
      'Describe a perfect day, from waking up to going to sleep, that leads you to your 6-12 month goals: what you eat, how you train, who you spend time with, how you recover. Write it in the present tense, as if you are living it today.',
  },
];
