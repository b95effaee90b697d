import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { OWN_PASSWORD_PATH, markOwnPasswordOwed, offerOwnPassword } from '@/lib/own-password';
import { clearSessionEndedNotice, useSessionEndReason } from '@/lib/session-expiry';
import { useResendConfirmation, useSignIn, type SignInOutcome } from '../api/sign-in';
import { authTexts } from '../texts';
import { AuthCard } from './AuthCard';
import { NewUserModal } from './NewUserModal';

/** Query parameters set by the first checkout flow (SPEC §2). */
const NEW_USER_PARAM = 'swaz_new_user_from_stripe';
const GENERATED_PASSWORD_PARAM = 'generated_password';

const loginSchema = z.object({
  email: z.string().trim().min(1, authTexts.fillFields),
  password: z.string().min(1, authTexts.fillFields),
  rememberMe: z.boolean(),
});
type LoginValues = z.infer<typeof loginSchema>;

export function LoginForm() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the parameters are removed from the address bar right after.
  const [fromStripe] = useState(() => ({
    email: searchParams.get(NEW_USER_PARAM) ?? '',
    password: searchParams.get(GENERATED_PASSWORD_PARAM) ?? '',
  }));
  const [showNewUser, setShowNewUser] = useState(Boolean(fromStripe.email && fromStripe.password));
  const [showResubscribed, setShowResubscribed] = useState(searchParams.get('resubscribed') === 'true');
  const sessionEnded = useSessionEndReason();
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const [failure, setFailure] = useState<Extract<SignInOutcome, { ok: false }> & { email: string }>();

  useEffect(() => {
    if (!searchParams.has(NEW_USER_PARAM) && !searchParams.has(GENERATED_PASSWORD_PARAM)) return;
    const next = new URLSearchParams(searchParams);
    next.delete(NEW_USER_PARAM);
    next.delete(GENERATED_PASSWORD_PARAM);
    // replace: the generated password leaves the history too.
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: fromStripe.email, password: fromStripe.password, rememberMe: false },
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      setFailure(undefined);
      resend.reset();
      const generated = Boolean(fromStripe.password) && values.password === fromStripe.password;
      if (generated) {
        // Signing in with the generated password: offer to choose one's own next.
        offerOwnPassword();
        setSearchParams({ returnUrl: OWN_PASSWORD_PATH }, { replace: true, preventScrollReset: true });
      }
      signIn.mutate(values, {
        onSuccess: (outcome) => {
          if (!outcome.ok) setFailure({ ...outcome, email: values.email.trim() });
          // Asked again on later visits until the member chose a password of their own.
          else if (generated) void markOwnPasswordOwed();
        },
      });
    },
    () => {
      setFailure({ ok: false, message: authTexts.fillFields, unconfirmed: false, email: '' });
    },
  );

  return (
    <AuthCard title={authTexts.titles.login} loginLink={false}>
      {showResubscribed && (
        <Alert variant="success" dismissible onClose={() => setShowResubscribed(false)}>
          {authTexts.resubscribed}
        </Alert>
      )}
      {sessionEnded && (
        <Alert variant="warning" dismissible onClose={clearSessionEndedNotice}>
          {sessionEnded === 'revoked' ? authTexts.sessionEnded : authTexts.sessionExpired}
        </Alert>
      )}
      {failure && (
        <Alert variant="danger" data-testid="login-error">
          <p className="mb-0">{failure.message}</p>
          {failure.unconfirmed && (
            <div className="mt-2">
              {resend.isSuccess ? (
                <p className="mb-0 fw-semibold">{authTexts.confirmationResent(failure.email)}</p>
              ) : (
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(failure.email)}
                >
                  {authTexts.resendConfirmation}
                </Button>
              )}
              {resend.isError && <p className="mb-0 mt-2">{resend.error.message}</p>}
            </div>
          )}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit} aria-label="Login">
        <fieldset disabled={signIn.isPending}>
          <FormField label={authTexts.email} type="email" autoComplete="email" {...form.register('email')} />
          <PasswordInput label={authTexts.password} autoComplete="current-password" {...form.register('password')} />
          <Form.Group className="mb-3" controlId="login-remember-me">
            <Form.Check type="checkbox" label={authTexts.rememberMe} {...form.register('rememberMe')} />
          </Form.Group>
        </fieldset>
        <Button type="submit" className="w-100" disabled={signIn.isPending}>
          {authTexts.loginButton}
        </Button>
      </Form>
      <p className="mt-4 mb-0 text-center">
        <Link to="/auth/forgot-password">{authTexts.resetPasswordLink}</Link>
      </p>
      <NewUserModal show={showNewUser} password={fromStripe.password} onClose={() => setShowNewUser(false)} />
    </AuthCard>
  );
}
