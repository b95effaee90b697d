import type { RouteObject } from 'react-router';
import { AccountDataSection } from '../components/AccountDataSection';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { NotificationSettingsForm } from '../components/NotificationSettingsForm';
import { ProfileForm } from '../components/ProfileForm';
import { TimeZoneForm } from '../components/TimeZoneForm';

/** Children of /account this feature owns; app/router adds the others. */
export const accountChildRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <>
        <ProfileForm />
        <TimeZoneForm />
        <AccountDataSection />
      </>
    ),
  },
  { path: 'change-password', element: <ChangePasswordForm /> },
  { path: 'notification-settings', element: <NotificationSettingsForm /> },
];
