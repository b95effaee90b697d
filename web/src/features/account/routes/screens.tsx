/** The account screens, loaded on first visit (see lib/lazy-screen). */
import { AccountDataSection } from '../components/AccountDataSection';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ProfileForm } from '../components/ProfileForm';
import { TimeZoneForm } from '../components/TimeZoneForm';
import { TwoFactorSection } from '../components/TwoFactorSection';

export { CoachSharingSection } from '../components/CoachSharingSection';
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

/** The Change Password tab: how the member signs in, their password and two-factor sign-in. */
export function SignInSettings() {
  return (
    <>
      <ChangePasswordForm />
      <TwoFactorSection />
    </>
  );
}
