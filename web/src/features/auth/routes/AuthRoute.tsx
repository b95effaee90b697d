import { Navigate, useParams, useSearchParams } from 'react-router';
import { safeReturnUrl, useAuth } from '@/lib/auth-context';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { LoginForm } from '../components/LoginForm';
import { PasswordResetSent } from '../components/PasswordResetSent';
import { ResetPasswordForm } from '../components/ResetPasswordForm';
import { SecondFactorForm } from '../components/SecondFactorForm';

/**
 * /auth/:authType(/:id). A signed-in visitor leaves for returnUrl or the
 * dashboard, except on reset-password: the recovery link signs the user in and
 * they must stay to choose the new password. A sign-in still owing its authenticator code asks
 * for it on login and reset-password (the new password needs a complete sign-in); once entered,
 * the visitor continues as after any sign-in.
 */
export function AuthRoute() {
  const { authType } = useParams();
  const [searchParams] = useSearchParams();
  const { session, secondFactorPending } = useAuth();

  if (session && authType !== 'reset-password') {
    return <Navigate to={safeReturnUrl(searchParams.get('returnUrl')) ?? '/user-dashboard'} replace />;
  }

  if (secondFactorPending && (authType === 'login' || authType === 'reset-password')) {
    return <SecondFactorForm resettingPassword={authType === 'reset-password'} />;
  }

  switch (authType) {
    case 'login':
      return <LoginForm />;
    case 'forgot-password':
      return <ForgotPasswordForm />;
    case 'password-reset-sent':
      return <PasswordResetSent />;
    case 'reset-password':
      return <ResetPasswordForm />;
    default:
      return <Navigate to="/auth/login" replace />;
  }
}
