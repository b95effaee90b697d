import type { RouteObject } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import { planningTexts as t } from '../texts';
import { PlanningRoute } from './PlanningRoute';

export const planningMemberRoutes: RouteObject[] = [
  { path: 'user-dashboard', element: <PageTitle title={t.dashboardTitle} /> },
  { path: 'planning', element: <PlanningRoute /> },
  { path: 'weekly-map-welcome', element: <PageTitle title={t.weeklyMapTitle} /> },
  { path: 'weekly-map-create', element: <PageTitle title={t.weeklyMapTitle} /> },
  { path: 'weekly-map-athletic-vision', element: <PageTitle title={t.weeklyMapVisionTitle} /> },
  { path: 'daily-action-welcome', element: <PageTitle title={t.dailyActionTitle} /> },
  { path: 'daily-action-create', element: <PageTitle title={t.dailyActionTitle} /> },
  { path: 'daily-logs', element: <PageTitle title={t.dailyLogsTitle} /> },
  { path: 'daily-logs/:id', element: <PageTitle title={t.dailyLogTitle} /> },
];
