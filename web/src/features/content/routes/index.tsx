import type { RouteObject } from 'react-router';
import { PageTitle } from '@/components/ui/PageTitle';
import { contentTexts } from '../texts';
import { AthleteRoute } from './AthleteRoute';
import { HomeRoute } from './HomeRoute';
import { InspirationRoute } from './InspirationRoute';
import { PrivacyRoute } from './PrivacyRoute';

export const contentPublicRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'privacy-policy', element: <PrivacyRoute /> },
  { path: 'inspiration', element: <InspirationRoute /> },
  { path: 'inspiration/:athlete', element: <AthleteRoute /> },
  { path: 'contact', element: <PageTitle title={contentTexts.contactTitle} /> },
];

export const contentMemberRoutes: RouteObject[] = [
  { path: 'meditations', element: <PageTitle title={contentTexts.meditationsTitle} /> },
];
