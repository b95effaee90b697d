import { createBrowserRouter } from 'react-router';
import { accountChildRoutes, accountLayoutLazy } from '@/features/account/routes';
import { authRoutes } from '@/features/auth/routes';
import { billingAccountRoutes, billingMemberRoutes, billingPublicRoutes } from '@/features/billing/routes';
import { checkinMemberRoutes } from '@/features/checkin/routes';
import { contentMemberRoutes, contentPublicRoutes } from '@/features/content/routes';
import { dashboardMemberRoutes } from '@/features/dashboard/routes';
import { envRoutes } from '@/features/env/routes';
import { logsMemberRoutes } from '@/features/logs/routes';
import { planningMemberRoutes } from '@/features/planning/routes';
import { teamAccountRoutes, teamPublicRoutes } from '@/features/teams/routes';
import { visionMemberRoutes } from '@/features/vision/routes';
import { RequireAuth } from './guards';
import { AppLayout } from './layout';
import { NotFoundPage, RouteErrorPage } from './route-errors';

/**
 * Every route of SPEC §2. Unknown addresses and screens that fail show SPEC §8's
 * 'Unexpected Application Error!' inside the app's shell, with a way home.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    // Shown for the blink while a member screen's code arrives on a first visit.
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...contentPublicRoutes,
          ...billingPublicRoutes,
          ...teamPublicRoutes,
          ...authRoutes,
          ...envRoutes,
          {
            element: <RequireAuth />,
            children: [
              ...dashboardMemberRoutes,
              ...planningMemberRoutes,
              ...checkinMemberRoutes,
              ...logsMemberRoutes,
              ...billingMemberRoutes,
              ...visionMemberRoutes,
              ...contentMemberRoutes,
              {
                path: 'account',
                lazy: accountLayoutLazy,
                children: [...accountChildRoutes, ...billingAccountRoutes, ...teamAccountRoutes],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
