import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PASSWORD_RULES } from '@/lib/auth';
import { firstErrorMessage } from '@/lib/forms';
import { errorText, toastError, toastSuccess } from '@/lib/toast';
import { useSignUp } from '../api/sign-up';
import { teamTexts } from '../texts';

const t = teamTexts.register;

/** SPEC §3/§5's register form: every field filled, then the passwords equal. */
const registerSchema = z
  .object({
    name: z.string().trim().min(1, t.fillAll),
    email: z.string().trim().min(1, t.fillAll),
    password: z.string().min(1, t.fillAll),
    confirmPassword: z.string().min(1, t.fillAll),
  })
  .refine((v) => v.password === v.confirmPassword, { message: t.mismatch, path: ['confirmPassword'] });
type RegisterValues = z.infer<typeof registerSchema>;

/**
 * A new athlete's sign-up from an invite. The confirmation link brings them
 * back to `returnPath`, signed in, where they join the team.
 */
export function RegisterForm({ returnPath }: { returnPath: string }) {
  const signUp = useSignUp();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(
    (values) =>
      signUp.mutate(
        { ...values, redirectTo: `${window.location.origin}${returnPath}` },
        {
          onSuccess: () => toastSuccess(t.success),
          onError: (error) => {
            const detail = errorText(error, '');
            toastError(detail ? `${t.failed}: ${detail}` : t.failed);
          },
        },
      ),
    (invalid) => toastError(firstErrorMessage(invalid) ?? t.fillAll),
  );

  if (signUp.isSuccess) {
    return (
      <Alert variant="success" role="status" data-testid="check-email">
        <p className="fw-semibold mb-1">{t.checkEmail(signUp.variables.email.trim())}</p>
        <p className="mb-0">{t.checkEmailNext}</p>
      </Alert>
    );
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={teamTexts.invitePage.registerTitle}>
      <fieldset disabled={signUp.isPending}>
        <FormField label={t.name} autoComplete="name" {...form.register('name')} />
        <FormField label={t.email} type="email" autoComplete="email" {...form.register('email')} />
        <PasswordInput
          label={t.password}
          autoComplete="new-password"
          hint={PASSWORD_RULES}
          {...form.register('password')}
        />
        <PasswordInput label={t.confirmPassword} autoComplete="new-password" {...form.register('confirmPassword')} />
      </fieldset>
      <Button type="submit" className="w-100" disabled={signUp.isPending}>
        {signUp.isPending ? t.submitting : t.submit}
      </Button>
    </Form>
  );
}
