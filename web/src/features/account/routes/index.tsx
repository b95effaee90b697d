import type { RouteObject } from 'react-router';
import { lazyScreen } from '@/lib/lazy-screen';

const screens = () => import('./screens');

/** The /account frame; app/router adds the other features' tabs to its children. */
export const accountLayoutLazy = lazyScreen(screens, (s) => <s.AccountLayout />);

/** Children of /account this feature owns. */
export const accountChildRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(screens, (s) => <s.AccountHome />) },
  { path: 'change-password', lazy: lazyScreen(screens, (s) => <s.SignInSettings />) },
  { path: 'notification-settings', lazy: lazyScreen(screens, (s) => <s.NotificationSettingsForm />) },
  { path: 'coach-sharing', lazy: lazyScreen(screens, (s) => <s.CoachSharingSection />) },
];
