import { createBrowserRouter } from 'react-router';
import { accountChildRoutes } from '@/features/account/routes';
import { AccountLayout } from '@/features/account/routes/AccountLayout';
import { authRoutes } from '@/features/auth/routes';
import { billingAccountRoutes, billingMemberRoutes, billingPublicRoutes } from '@/features/billing/routes';
import { contentMemberRoutes, contentPublicRoutes } from '@/features/content/routes';
import { dashboardMemberRoutes } from '@/features/dashboard/routes';
import { envRoutes } from '@/features/env/routes';
import { logsMemberRoutes } from '@/features/logs/routes';
import { planningMemberRoutes } from '@/features/planning/routes';
import { teamAccountRoutes, teamPublicRoutes } from '@/features/teams/routes';
import { visionMemberRoutes } from '@/features/vision/routes';
import { RequireAuth } from './guards';
import { AppLayout } from './layout';

/**
 * Every route of SPEC §2. No errorElement on purpose: React Router's default
 * one gives SPEC §8's 'Unexpected Application Error!' for unknown paths and
 * thrown errors.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
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
          ...logsMemberRoutes,
          ...billingMemberRoutes,
          ...visionMemberRoutes,
          ...contentMemberRoutes,
          {
            path: 'account',
            element: <AccountLayout />,
            children: [...accountChildRoutes, ...billingAccountRoutes, ...teamAccountRoutes],
          },
        ],
      },
    ],
  },
]);
