/** Landing and content copy (SPEC §1, §2). */
export const contentTexts = {
  joinNow: 'JOIN NOW',
  heroTitle: 'Train your mind like you train your body.',
  heroLead:
    'SWAZ helps athletes build focus, confidence and game IQ. About 10 minutes a day helps you reach your potential.',
  stepsTitle: 'How it works',
  steps: [
    {
      title: 'Athletic Vision',
      text: "Guided questions that clarify your athletic goal while considering your whole life.",
    },
    {
      title: 'Daily Flow',
      text: 'A 10-minute daily practice of neuroplasticity training.',
    },
    {
      title: 'Weekly live call',
      text: 'A weekly live call with a professional athlete, on Tuesday at 8pm Pacific.',
    },
  ],
  priceLine: 'All of it for about the price of a sushi platter a month.',
  testimonialsTitle: 'People say:',
  testimonials: [
    { quote: 'Ten minutes before practice changed how I show up on game day.', who: 'College point guard' },
    { quote: 'Writing my vision made my goals feel real, and my confidence followed.', who: 'Surfer' },
    { quote: 'Our whole team uses the weekly map. We communicate better on the field.', who: 'High-school coach' },
  ],
  closing: 'Start your journey today.',
  privacyTitle: 'Privacy Policy',
  inspirationTitle: 'Inspiration',
  inspirationLead: 'Hypothetical athletic visions of four public athletes, written to inspire your own.',
  visionTitle: 'Hypothetical Athletic Vision',
  contactTitle: 'Contact',
  meditationsTitle: 'Meditations',
} as const;
