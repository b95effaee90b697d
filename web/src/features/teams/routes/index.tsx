import type { RouteObject } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import { teamTexts as t } from '../texts';

export const teamPublicRoutes: RouteObject[] = [
  { path: 'teams/invite/:inviteHash', element: <PageTitle title={t.inviteTitle} /> },
];

/** Children of /account. */
export const teamAccountRoutes: RouteObject[] = [
  { path: 'team-config', element: <h2 className="h4">{t.teamTitle}</h2> },
];
