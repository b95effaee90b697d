import type { RouteObject } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import { visionSteps, visionTexts as t } from '../texts';

export const visionMemberRoutes: RouteObject[] = [
  { path: 'athletic-vision-welcome', element: <PageTitle title={t.welcomeTitle} /> },
  { path: 'athletic-vision-next', element: <PageTitle title={t.welcomeTitle} /> },
  { path: 'athletic-vision-first-time-q', element: <PageTitle title={t.welcomeTitle} /> },
  { path: 'athletic-vision-completion', element: <PageTitle title={t.completionTitle} /> },
  { path: 'athletic-vision-review', element: <PageTitle title={t.reviewTitle} /> },
  { path: 'athletic-vision', element: <PageTitle title={t.entryTitle} /> },
  ...visionSteps.map((step) => ({ path: step.path.slice(1), element: <PageTitle title={step.title} /> })),
  { path: 'sleep-well', element: <PageTitle title={t.sleepWellTitle} /> },
];
