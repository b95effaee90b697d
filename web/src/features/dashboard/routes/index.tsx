import type { RouteObject } from 'react-router';
import { getAccessToken } from '@/lib/auth';
import { lazyScreen } from '@/lib/lazy-screen';
import { queryClient } from '@/lib/query-client';
import { dashboardQueryOptions } from '../api/get-dashboard';

const screens = () => import('./screens');

/**
 * The first visit of a page's life (a phone opening the app) asks for the dashboard's figures
 * while its screen downloads, not once the screen has arrived: a round trip sooner. Only with a
 * session: a visitor is sent to log in.
 */
function screensAndFigures() {
  void getAccessToken().then((token) => {
    if (token) void queryClient.prefetchQuery(dashboardQueryOptions);
  });
  return screens();
}

export const dashboardMemberRoutes: RouteObject[] = [
  { path: 'user-dashboard', lazy: lazyScreen(screensAndFigures, (s) => <s.DashboardRoute />) },
];
