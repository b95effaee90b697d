import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screens = () => import('./screens');

export const checkinMemberRoutes: RouteObject[] = [
  { path: 'check-in', lazy: lazyScreen(screens, (s) => <s.CheckinRoute />) },
];
