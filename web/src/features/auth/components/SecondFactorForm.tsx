import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/FormField';
import { codeSchema, twoFactorErrorText, twoFactorTexts, type CodeInput, type CodeValues } from '@/lib/two-factor';
import { useAbandonSignIn, useVerifySecondFactor } from '../api/second-factor';
import { authTexts } from '../texts';
import { AuthCard } from './AuthCard';

/**
 * The sign-in step after a right password when two-factor sign-in is on: the code from the
 * authenticator app, or back to the login form for someone else.
 */
export function SecondFactorForm({ resettingPassword = false }: { resettingPassword?: boolean }) {
  const verify = useVerifySecondFactor();
  const abandon = useAbandonSignIn();
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const busy = verify.isPending || abandon.isPending;
  const problem = verify.error ?? abandon.error;

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values.code, {
      onError: () => {
        form.reset({ code: '' });
        form.setFocus('code');
      },
    }),
  );

  return (
    <AuthCard title={authTexts.titles.secondFactor} loginLink={false}>
      <p>{resettingPassword ? authTexts.secondFactorPromptReset : authTexts.secondFactorPrompt}</p>
      <Form noValidate onSubmit={onSubmit} aria-label={authTexts.titles.secondFactor}>
        <fieldset disabled={busy}>
          <FormField
            label={twoFactorTexts.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            autoFocus
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
        </fieldset>
        {problem && (
          <Alert variant="danger" data-testid="second-factor-error">
            {twoFactorErrorText(problem)}
          </Alert>
        )}
        <Button type="submit" className="w-100" disabled={busy}>
          {verify.isPending ? authTexts.verifying : authTexts.verifyButton}
        </Button>
      </Form>
      <p className="mt-4 mb-0 text-center">
        <Button variant="link" disabled={busy} onClick={() => abandon.mutate()}>
          {authTexts.differentAccount}
        </Button>
      </p>
    </AuthCard>
  );
}
