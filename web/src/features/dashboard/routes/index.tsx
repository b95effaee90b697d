import type { RouteObject } from 'react-router';
import '../dashboard.css';
import { DashboardRoute } from './DashboardRoute';

export const dashboardMemberRoutes: RouteObject[] = [{ path: 'user-dashboard', element: <DashboardRoute /> }];
