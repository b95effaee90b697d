import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/FormField';
import { codeSchema, twoFactorErrorText, twoFactorTexts, type CodeInput, type CodeValues } from '@/lib/two-factor';
import type { Enrollment } from '../api/enroll-factor';
import { useUnenrollFactor } from '../api/unenroll-factor';
import { useVerifyFactor } from '../api/verify-factor';
import { accountTexts } from '../texts';
import { groupedSecret, qrImageSource } from '../two-factor-setup';

const t = accountTexts.twoFactor;

interface TwoFactorEnrollmentProps {
  enrollment: Enrollment;
  /** Verified or cancelled: the section shows the factors as they now are. */
  onDone: () => void;
}

/** The QR code and key of a new authenticator app, and its first code. */
export function TwoFactorEnrollment({ enrollment, onDone }: TwoFactorEnrollmentProps) {
  const verify = useVerifyFactor();
  const cancel = useUnenrollFactor();
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const busy = verify.isPending || cancel.isPending;

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(
      { factorId: enrollment.factorId, code: values.code },
      {
        onSuccess: onDone,
        onError: () => {
          form.reset({ code: '' });
          form.setFocus('code');
        },
      },
    ),
  );

  return (
    <ol className="ps-3">
      <li className="mb-3">
        <p className="mb-2">{t.scanStep}</p>
        <img
          src={qrImageSource(enrollment.qrCode)}
          alt={t.qrAlt}
          width={200}
          height={200}
          className="d-block border rounded bg-white mb-2"
        />
        <p className="small text-muted mb-1">{t.manualEntry}</p>
        <p className="font-monospace fs-6 user-select-all text-break mb-0" data-testid="totp-secret">
          {groupedSecret(enrollment.secret)}
        </p>
      </li>
      <li>
        <p className="mb-2">{t.codeStep}</p>
        <Form noValidate onSubmit={onSubmit} aria-label={t.formLabel}>
          <fieldset disabled={busy}>
            <FormField
              label={twoFactorTexts.codeLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={9}
              error={form.formState.errors.code?.message}
              {...form.register('code')}
            />
          </fieldset>
          {verify.isError && (
            <Alert variant="danger" role="alert">
              {twoFactorErrorText(verify.error)}
            </Alert>
          )}
          <div className="d-flex gap-2">
            <Button type="submit" disabled={busy}>
              {verify.isPending ? t.verifying : t.verify}
            </Button>
            <Button
              variant="outline-secondary"
              disabled={busy}
              onClick={() => cancel.mutate(enrollment.factorId, { onSettled: onDone })}
            >
              {t.cancel}
            </Button>
          </div>
        </Form>
      </li>
    </ol>
  );
}
