import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { toastSuccess } from '@/lib/toast';
import { twoFactorErrorText } from '@/lib/two-factor';
import { useUnenrollFactor } from '../api/unenroll-factor';
import { accountTexts } from '../texts';

const t = accountTexts.twoFactor;

/** Two-factor sign-in is on: says so, and turns it off after a confirmation. */
export function TwoFactorOn({ factorId }: { factorId: string }) {
  const turnOff = useUnenrollFactor();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <Alert variant="success" data-testid="two-factor-on">
        <p className="fw-semibold mb-1">{t.on}</p>
        <p className="mb-0">{t.onExplain}</p>
      </Alert>
      {turnOff.isError && (
        <Alert variant="danger" role="alert">
          {twoFactorErrorText(turnOff.error)}
        </Alert>
      )}
      {confirming ? (
        <div>
          <p className="mb-2">{t.confirmOff}</p>
          <div className="d-flex gap-2">
            <Button
              variant="danger"
              disabled={turnOff.isPending}
              onClick={() => turnOff.mutate(factorId, { onSuccess: () => toastSuccess(t.turnedOff) })}
            >
              {turnOff.isPending ? t.turningOff : t.confirmOffButton}
            </Button>
            <Button variant="outline-secondary" disabled={turnOff.isPending} onClick={() => setConfirming(false)}>
              {t.keepOn}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline-danger" onClick={() => setConfirming(true)}>
          {t.turnOff}
        </Button>
      )}
    </>
  );
}
