/** Texts of the installed app's prompts (issue 28). */
export const phoneTexts = {
  installTitle: 'Put SWAZ on your home screen',
  installLead: 'It opens full screen like an app, and your bedtime routine works even in airplane mode.',
  install: 'Install SWAZ',
  notNow: 'Not now',
  iosLead: 'It opens full screen like an app, and your bedtime routine works even in airplane mode. In Safari:',
  iosSteps: ['Tap the Share button (the square with an arrow up).', 'Choose “Add to Home Screen”, then “Add”.'],
  gotIt: 'Got it',
  updateReady: 'A new version of SWAZ is ready.',
  updateLater: 'Later',
  updateReload: 'Reload',
};
