/** The account screens, loaded on first visit (see lib/lazy-screen). */
import { AccountDataSection } from '../components/AccountDataSection';
import { ProfileForm } from '../components/ProfileForm';
import { TimeZoneForm } from '../components/TimeZoneForm';

export { ChangePasswordForm } from '../components/ChangePasswordForm';
export { NotificationSettingsForm } from '../components/NotificationSettingsForm';
export { AccountLayout } from './AccountLayout';

/** The Account tab: profile, time zone and the member's data. */
export function AccountHome() {
  return (
    <>
      <ProfileForm />
      <TimeZoneForm />
      <AccountDataSection />
    </>
  );
}
