export const envTexts = {
  title: 'Environment',
  version: 'Version',
  commit: 'Commit',
  environment: 'Environment',
  databaseKind: 'Database kind',
  paymentMode: 'Payment mode',
  mailMode: 'Mail mode',
  failed: 'Could not load the environment.',
} as const;
