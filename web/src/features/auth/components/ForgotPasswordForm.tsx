import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { errorText, toastError, toastSuccess } from '@/lib/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authTexts } from '../texts';
import { AuthCard } from './AuthCard';

const forgotSchema = z.object({
  email: z.string().trim().min(1, authTexts.enterEmail).regex(/^\S+@\S+\.\S+$/, authTexts.validEmail),
});
type ForgotValues = z.infer<typeof forgotSchema>;

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(
    (values) =>
      request.mutate(values.email, {
        onSuccess: () => {
          toastSuccess(authTexts.resetRequested);
          navigate('/auth/password-reset-sent');
        },
        onError: (error) => toastError(authTexts.resetRequestFailed + errorText(error, 'unknown error')),
      }),
    (errors) => toastError(errors.email?.message ?? authTexts.enterEmail),
  );

  return (
    <AuthCard title={authTexts.titles.forgotPassword}>
      <Form noValidate onSubmit={onSubmit} aria-label="Reset password">
        <fieldset disabled={request.isPending}>
          <FormField label={authTexts.email} type="email" autoComplete="email" {...form.register('email')} />
        </fieldset>
        <Button type="submit" className="w-100" disabled={request.isPending}>
          {authTexts.sendResetButton}
        </Button>
      </Form>
    </AuthCard>
  );
}
