import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screens = () => import('./screens');

export const logsMemberRoutes: RouteObject[] = [
  { path: 'daily-logs', lazy: lazyScreen(screens, (s) => <s.LogsRoute />) },
  { path: 'daily-logs/:id', lazy: lazyScreen(screens, (s) => <s.LogDetailRoute />) },
];
