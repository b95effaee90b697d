import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';
import { HomeRoute } from './HomeRoute';

const screens = () => import('./screens');

/** Home is part of the first download (it is the landing page); the rest load on first visit. */
export const contentPublicRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'privacy-policy', lazy: lazyScreen(screens, (s) => <s.PrivacyRoute />) },
  { path: 'inspiration', lazy: lazyScreen(screens, (s) => <s.InspirationRoute />) },
  { path: 'inspiration/:athlete', lazy: lazyScreen(screens, (s) => <s.AthleteRoute />) },
  { path: 'contact', lazy: lazyScreen(screens, (s) => <s.ContactRoute />) },
];

export const contentMemberRoutes: RouteObject[] = [
  { path: 'meditations', lazy: lazyScreen(screens, (s) => <s.MeditationsRoute />) },
];
