/** Copy of the dashboard (SPEC §2 user-dashboard, DESIGN §5). */
export const dashboardTexts = {
  title: 'Dashboard',
  /** 'Welcome back' only for a member who has been here before (see `isNewMember`). */
  greeting: (name: string, returning: boolean) => {
    const hello = returning ? 'Welcome back' : 'Welcome';
    return name.trim() ? `${hello}, ${name.trim()}` : hello;
  },
  lead: 'Ten minutes a day. Small steps, every day, add up to the athlete you are becoming.',
  loading: 'Loading your dashboard...',
  loadFailed: 'Your dashboard could not be loaded.',
  loadFailedOffline: 'You’re offline, and this phone has no figures saved yet. Open the dashboard once online and it will be here next time.',
  offline: 'Offline — showing your last figures.',
  offlineLead: 'Practice you do now is saved on this phone and counts once you’re back online.',
  retry: 'Retry',

  teamFocus: {
    heading: 'This week’s team focus',
  },

  visionCallout: {
    heading: 'Start with your Athletic Vision',
    body: 'Your vision is the picture everything else is built on. Write it once, then hear it every night.',
    action: 'Write your Athletic Vision',
  },

  shortcuts: {
    vision: 'Your Athletic Vision',
    visionLead: 'Hear it every night before sleep; read it again whenever you want to sharpen it.',
    tonight: 'Tonight: play your vision',
    tonightLead: 'Your bedtime routine: listen to your vision, then 4-7-8 breathing, then sleep well.',
    play: 'Play your vision',
    playTonight: "Start tonight's routine",
    revise: 'Read and revise',
    planning: 'Plan and look back',
    planningLead: 'Review today and plan tomorrow, map your week, and read everything you have planned.',
    planDay: 'Plan my day',
    planWeek: 'Plan my week',
    logs: 'Daily logs',
  },

  dailyFlow: {
    heading: "Today's Daily Flow",
    lead: 'About 10 minutes',
    done: 'Done',
    notDone: 'Not done yet',
    progress: (done: number, total: number) => `${done} of ${total} done`,
    items: {
      vision: 'Listen to your Athletic Vision',
      breathing: '4-7-8 breathing',
      dailyAction: 'Daily action: review today, plan tomorrow',
    },
    weeklyMap: 'Map your week',
    weeklyMapHint: 'Once a week, review the past week and plan the next one.',
  },

  streak: {
    heading: 'Streak',
    days: (n: number) => `${n}-day streak`,
    keepGoing: 'Keep it going: practise today to add another day.',
    /** All three of today's practices are done: today already counts. */
    doneToday: 'All three done today: today counts. See you tomorrow.',
    zero: 'Every streak starts with one day. Do one practice today and start yours.',
    /** Today is a rest day the athlete chose. */
    resting: 'Rest day today: your streak is paused, not broken.',
    planRest: 'Plan a rest day',
    hide: 'Hide my streak',
    hiddenHeading: 'Practice',
    hidden: 'Your streak is hidden. Every practice still counts; the number just stays out of sight.',
    show: 'Show my streak',
  },

  /** Rest, injury and travel days (issue 29: a fair streak). */
  restDays: {
    title: 'Plan a rest day',
    lead: 'Rest, injury and travel days pause your streak instead of breaking it. Choose today or a day ahead.',
    day: 'Day',
    reason: 'Why',
    reasons: { rest: 'Rest', injury: 'Injury', travel: 'Travel' } as Record<string, string>,
    left: (week: number, year: number) =>
      `${week} left this week · ${year} left this year (two a week, twenty a year)`,
    save: 'Save rest day',
    saving: 'Saving…',
    saved: 'Rest day saved.',
    coach: 'If you share your practice with a coach, they see a rest day, never why.',
    upcoming: 'Your rest days',
    none: 'No rest days ahead.',
    remove: 'Remove',
    removeLabel: (day: string) => `Remove the rest day of ${day}`,
    close: 'Close',
    today: 'Today',
  },

  checkin: {
    heading: 'Morning check-in',
    lead: 'How did you wake up? Sleep, energy, mood, stress and confidence.',
    doneToday: 'Done for today. You can still change it until midnight.',
    start: 'Morning check-in — 20 seconds',
    edit: "Edit today's check-in",
    trendHeading: 'Your trend',
    windowLabel: 'Trend period',
    days: (n: number) => `${n} days`,
    empty: 'Check in for a few mornings and your trend shows here.',
    scaleHint: 'Averages out of 5. For stress, lower is calmer.',
    measures: [
      { key: 'sleep', label: 'Sleep', high: 'great' },
      { key: 'energy', label: 'Energy', high: 'full' },
      { key: 'mood', label: 'Mood', high: 'great' },
      { key: 'stress', label: 'Stress', high: 'very stressed' },
      { key: 'confidence', label: 'Confidence', high: 'confident' },
    ],
    trendLabel: (label: string, days: number, mean: number | null, counted: number, high: string) =>
      mean === null
        ? `${label}, last ${days} days: no check-ins`
        : `${label}, last ${days} days: average ${mean.toFixed(1)} of 5 (5 is ${high}) over ${counted} ${counted === 1 ? 'check-in' : 'check-ins'}`,
  },

  heatmap: {
    heading: 'Last 12 weeks',
    summary: (active: number, total: number) =>
      `Practice calendar of the last 12 weeks: ${active} of ${total} days with practice`,
    cell: (date: string, count: number) => `${date}: ${count} ${count === 1 ? 'practice' : 'practices'}`,
    less: 'Less',
    more: 'More',
  },

  objectives: {
    heading: 'Latest objectives',
    daily: 'Daily objectives',
    weekly: 'Weekly objectives',
    dailyLabels: ['Vision objective 1', 'Vision objective 2', 'Vision objective 3', 'Mind', 'Body', 'Soul'],
    weeklyLabels: ['Vision objective 1', 'Vision objective 2', 'Vision objective 3', 'Mind', 'Body', 'Soul'],
    empty: 'No objectives yet. Plan your day or your week and they will show here.',
    noDaily: 'No daily objectives yet.',
    noWeekly: 'No weekly objectives yet.',
    plan: 'Plan now',
  },

  /** A line of words for 3 of 3 today and the streak's milestones (issue 29). */
  celebration: {
    allDone: '3 of 3 today — that’s how champions are built.',
    milestones: {
      3: '3 days in a row — a habit is starting.',
      7: 'A full week of practice!',
      21: '21 days — this is who you are now.',
      50: '50 days. Relentless.',
      100: '100 days. Legendary.',
    },
    close: 'Close',
  },

  liveCall: {
    heading: 'Weekly live call',
    lead: 'Every Tuesday at 8pm Pacific: questions, stories and a group session.',
    startsIn: (countdown: string) => `Starts ${countdown}`,
    join: 'Join the call',
    joinNow: 'Join now',
    addToCalendar: 'Add to calendar',
    duration: (minutes: number) => `${minutes} minutes`,
    yourZone: (zone: string) => `Shown in your time zone (${zone.replace(/_/g, ' ')}).`,
  },
};

/** Words of the live-call countdown, kept here with the rest of the copy. */
export const countdownTexts = {
  live: 'live now',
  ended: 'just ended',
  soon: 'in less than a minute',
  unit: (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`,
  in: (parts: string[]) => `in ${parts.join(' ')}`,
};
