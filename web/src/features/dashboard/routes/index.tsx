import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screens = () => import('./screens');

export const dashboardMemberRoutes: RouteObject[] = [
  { path: 'user-dashboard', lazy: lazyScreen(screens, (s) => <s.DashboardRoute />) },
];
