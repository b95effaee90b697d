import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screens = () => import('./screens');

export const teamPublicRoutes: RouteObject[] = [
  { path: 'teams/invite/:inviteHash', lazy: lazyScreen(screens, (s) => <s.InviteRoute />) },
];

/** Children of /account. */
export const teamAccountRoutes: RouteObject[] = [
  { path: 'team-config', lazy: lazyScreen(screens, (s) => <s.TeamConfigRoute />) },
  { path: 'team-config/board', lazy: lazyScreen(screens, (s) => <s.BoardRoute />) },
  { path: 'team-config/athletes/:userId', lazy: lazyScreen(screens, (s) => <s.AthleteRoute />) },
];
