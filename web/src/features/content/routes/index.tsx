import type { RouteObject } from 'react-router';
import { AthleteRoute } from './AthleteRoute';
import { ContactRoute } from './ContactRoute';
import { HomeRoute } from './HomeRoute';
import { InspirationRoute } from './InspirationRoute';
import { MeditationsRoute } from './MeditationsRoute';
import { PrivacyRoute } from './PrivacyRoute';

export const contentPublicRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'privacy-policy', element: <PrivacyRoute /> },
  { path: 'inspiration', element: <InspirationRoute /> },
  { path: 'inspiration/:athlete', element: <AthleteRoute /> },
  { path: 'contact', element: <ContactRoute /> },
];

export const contentMemberRoutes: RouteObject[] = [{ path: 'meditations', element: <MeditationsRoute /> }];
