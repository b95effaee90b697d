import type { RouteObject } from 'react-router';
import '../vision.css';
import { visionSteps } from '../texts';
import { CompletionRoute } from './CompletionRoute';
import { EditRoute } from './EditRoute';
import { FirstTimeRoute } from './FirstTimeRoute';
import { NextRoute } from './NextRoute';
import { PlayRoute } from './PlayRoute';
import { ReviewRoute } from './ReviewRoute';
import { SleepWellRoute } from './SleepWellRoute';
import { StepRoute } from './StepRoute';
import { WelcomeRoute } from './WelcomeRoute';

/** The Athletic Vision screens and the bedtime routine (SPEC §2), all behind login. */
export const visionMemberRoutes: RouteObject[] = [
  { path: 'athletic-vision-welcome', element: <WelcomeRoute /> },
  { path: 'athletic-vision-next', element: <NextRoute /> },
  { path: 'athletic-vision-first-time-q', element: <FirstTimeRoute /> },
  ...visionSteps.map((step) => ({ path: step.path.slice(1), element: <StepRoute /> })),
  { path: 'athletic-vision-edit', element: <EditRoute /> },
  { path: 'athletic-vision-completion', element: <CompletionRoute /> },
  { path: 'athletic-vision-review', element: <ReviewRoute /> },
  { path: 'athletic-vision', element: <PlayRoute /> },
  { path: 'sleep-well', element: <SleepWellRoute /> },
];
