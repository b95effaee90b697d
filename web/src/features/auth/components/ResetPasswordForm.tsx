import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PASSWORD_RULES, emailLinkError } from '@/lib/auth';
import { useAuth } from '@/lib/auth-context';
import { firstErrorMessage } from '@/lib/forms';
import { errorText, toastError, toastSuccess } from '@/lib/toast';
import { useUpdatePassword } from '../api/update-password';
import { authTexts } from '../texts';
import { AuthCard } from './AuthCard';

const resetSchema = z
  .object({
    password: z.string().min(1, authTexts.fillFields),
    passwordConfirmation: z.string().min(1, authTexts.fillFields),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    message: authTexts.passwordMismatch,
    path: ['passwordConfirmation'],
  });
type ResetValues = z.infer<typeof resetSchema>;

/**
 * Sets the new password with the session the recovery link created. A link that came back
 * refused (used or expired) leaves no session to set it with: the page says so and offers a
 * new link instead of a form that would fail.
 */
export function ResetPasswordForm() {
  const { session } = useAuth();
  if (emailLinkError && !session) return <ResetLinkInvalid />;
  return <NewPasswordForm />;
}

function ResetLinkInvalid() {
  return (
    <AuthCard title={authTexts.titles.resetPassword}>
      <Alert variant="warning" role="alert">
        <p className="fw-semibold mb-1">{authTexts.resetLinkInvalid}</p>
        <p className="mb-0 small">{authTexts.resetLinkInvalidHint}</p>
      </Alert>
      <Link to="/auth/forgot-password" className="btn btn-primary w-100">
        {authTexts.resetLinkAgain}
      </Link>
    </AuthCard>
  );
}

function NewPasswordForm() {
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const onSubmit = form.handleSubmit(
    (values) =>
      update.mutate(values.password, {
        onSuccess: () => {
          toastSuccess(authTexts.passwordChanged);
          navigate('/user-dashboard');
        },
        onError: (error) => toastError(errorText(error, 'Password change failed')),
      }),
    (errors) => toastError(firstErrorMessage(errors) ?? authTexts.fillFields),
  );

  return (
    <AuthCard title={authTexts.titles.resetPassword}>
      <Form noValidate onSubmit={onSubmit} aria-label="New password">
        <fieldset disabled={update.isPending}>
          <PasswordInput
            label={authTexts.password}
            autoComplete="new-password"
            hint={PASSWORD_RULES}
            {...form.register('password')}
          />
          <PasswordInput
            label={authTexts.confirmPassword}
            autoComplete="new-password"
            {...form.register('passwordConfirmation')}
          />
        </fieldset>
        <Button type="submit" className="w-100" disabled={update.isPending}>
          {authTexts.setPasswordButton}
        </Button>
      </Form>
    </AuthCard>
  );
}
