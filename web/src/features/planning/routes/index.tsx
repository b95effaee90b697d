import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screens = () => import('./screens');

export const planningMemberRoutes: RouteObject[] = [
  { path: 'planning', lazy: lazyScreen(screens, (s) => <s.PlanningRoute />) },
  { path: 'weekly-map-welcome', lazy: lazyScreen(screens, (s) => <s.WeeklyWelcomeRoute />) },
  { path: 'weekly-map-create', lazy: lazyScreen(screens, (s) => <s.WeeklyCreateRoute />) },
  { path: 'weekly-map-athletic-vision', lazy: lazyScreen(screens, (s) => <s.WeeklyVisionRoute />) },
  { path: 'daily-action-welcome', lazy: lazyScreen(screens, (s) => <s.DailyWelcomeRoute />) },
  { path: 'daily-action-create', lazy: lazyScreen(screens, (s) => <s.DailyCreateRoute />) },
];
