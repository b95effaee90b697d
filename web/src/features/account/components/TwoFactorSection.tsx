import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { twoFactorErrorText } from '@/lib/two-factor';
import { useEnrollFactor, type Enrollment } from '../api/enroll-factor';
import { useFactors } from '../api/get-factors';
import { accountTexts } from '../texts';
import { TwoFactorEnrollment } from './TwoFactorEnrollment';
import { TwoFactorOn } from './TwoFactorOn';

const t = accountTexts.twoFactor;

/** Two-factor sign-in with an authenticator app: on, off, or being set up. */
export function TwoFactorSection() {
  const factors = useFactors();
  const enroll = useEnrollFactor();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const verified = factors.data?.verifiedTotp;

  const finishEnrollment = () => {
    setEnrollment(null);
    enroll.reset();
  };

  let body;
  if (factors.isPending) {
    body = <p className="text-muted small">{t.loading}</p>;
  } else if (factors.isError) {
    body = (
      <Alert variant="danger" role="alert">
        {t.loadFailed}
      </Alert>
    );
  } else if (verified) {
    body = <TwoFactorOn factorId={verified.id} />;
  } else if (enrollment) {
    body = <TwoFactorEnrollment enrollment={enrollment} onDone={finishEnrollment} />;
  } else {
    body = (
      <>
        <p className="text-muted small mb-2">{t.explain}</p>
        {enroll.isError && (
          <Alert variant="danger" role="alert">
            {twoFactorErrorText(enroll.error)}
          </Alert>
        )}
        <Button disabled={enroll.isPending} onClick={() => enroll.mutate(undefined, { onSuccess: setEnrollment })}>
          {enroll.isPending ? t.starting : t.turnOn}
        </Button>
      </>
    );
  }

  return (
    <section className="mt-5" aria-label={t.title} style={{ maxWidth: 500 }}>
      <h2 className="h5">{t.title}</h2>
      {body}
    </section>
  );
}
