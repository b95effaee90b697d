import { authTexts } from '../texts';
import { AuthCard } from './AuthCard';

export function PasswordResetSent() {
  return (
    <AuthCard title={authTexts.titles.passwordResetSent}>
      <p className="text-center mb-0">{authTexts.resetSentBody}</p>
    </AuthCard>
  );
}
