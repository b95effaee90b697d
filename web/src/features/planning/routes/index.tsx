import type { RouteObject } from 'react-router';
import '../planning.css';
import { DailyCreateRoute } from './DailyCreateRoute';
import { DailyWelcomeRoute } from './DailyWelcomeRoute';
import { PlanningRoute } from './PlanningRoute';
import { WeeklyCreateRoute } from './WeeklyCreateRoute';
import { WeeklyVisionRoute } from './WeeklyVisionRoute';
import { WeeklyWelcomeRoute } from './WeeklyWelcomeRoute';

export const planningMemberRoutes: RouteObject[] = [
  { path: 'planning', element: <PlanningRoute /> },
  { path: 'weekly-map-welcome', element: <WeeklyWelcomeRoute /> },
  { path: 'weekly-map-create', element: <WeeklyCreateRoute /> },
  { path: 'weekly-map-athletic-vision', element: <WeeklyVisionRoute /> },
  { path: 'daily-action-welcome', element: <DailyWelcomeRoute /> },
  { path: 'daily-action-create', element: <DailyCreateRoute /> },
];
