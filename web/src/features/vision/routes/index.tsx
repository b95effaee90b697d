import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';
import { visionStepPaths } from '../step-paths';

const screens = () => import('./screens');

/** The Athletic Vision screens and the bedtime routine (SPEC §2), all behind login. */
export const visionMemberRoutes: RouteObject[] = [
  { path: 'athletic-vision-welcome', lazy: lazyScreen(screens, (s) => <s.WelcomeRoute />) },
  { path: 'athletic-vision-next', lazy: lazyScreen(screens, (s) => <s.NextRoute />) },
  { path: 'athletic-vision-first-time-q', lazy: lazyScreen(screens, (s) => <s.FirstTimeRoute />) },
  ...visionStepPaths.map((path) => ({ path: path.slice(1), lazy: lazyScreen(screens, (s) => <s.StepRoute />) })),
  { path: 'athletic-vision-edit', lazy: lazyScreen(screens, (s) => <s.EditRoute />) },
  { path: 'athletic-vision-completion', lazy: lazyScreen(screens, (s) => <s.CompletionRoute />) },
  { path: 'athletic-vision-review', lazy: lazyScreen(screens, (s) => <s.ReviewRoute />) },
  { path: 'athletic-vision', lazy: lazyScreen(screens, (s) => <s.PlayRoute />) },
  { path: 'sleep-well', lazy: lazyScreen(screens, (s) => <s.SleepWellRoute />) },
];
