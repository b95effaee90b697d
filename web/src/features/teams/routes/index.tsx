import type { RouteObject } from 'react-router';
import '../teams.css';
import { InviteRoute } from './InviteRoute';
import { TeamConfigRoute } from './TeamConfigRoute';

export const teamPublicRoutes: RouteObject[] = [{ path: 'teams/invite/:inviteHash', element: <InviteRoute /> }];

/** Children of /account. */
export const teamAccountRoutes: RouteObject[] = [{ path: 'team-config', element: <TeamConfigRoute /> }];
