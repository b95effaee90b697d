import { useEffect, useRef } from 'react';
import Container from 'react-bootstrap/Container';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useAuth } from '@/lib/auth-context';
import { applySubscriptionSuccess } from '../api/subscription-success';
import { updateDefaultPaymentMethod } from '../api/update-default-payment-method';
import { billingTexts as t } from '../texts';

interface PaymentReturnRouteProps {
  /** The card-change flow instead of a new subscription. */
  change?: boolean;
}

/**
 * /swaz-subscription-success and /swaz-subscription-change-success (SPEC §2, §4, §5):
 * acts only with success=true, a session id and a signed-in session; then a full
 * redirect whatever the call answered.
 */
export function PaymentReturnRoute({ change = false }: PaymentReturnRouteProps) {
  const [searchParams] = useSearchParams();
  const { session } = useAuth();
  const started = useRef(false);
  const success = (searchParams.get('success') ?? '').toLowerCase() === 'true';
  const sessionId = searchParams.get('sessionid') ?? '';
  const team = searchParams.get('t') || '0';
  const accessToken = session?.access_token;
  const actionable = success && sessionId !== '' && Boolean(accessToken);
  const destination = change ? '/account/membership' : '/user-dashboard';

  useEffect(() => {
    if (!actionable || started.current) return;
    started.current = true;
    const call = change ? updateDefaultPaymentMethod(sessionId) : applySubscriptionSuccess(sessionId, team);
    call
      .catch(() => window.alert(t.paymentReturnFailed))
      .finally(() => window.location.assign(destination));
  }, [actionable, change, sessionId, team, destination]);

  const title = change ? t.applyingChanges : t.applying;
  return (
    <Container className="py-5 text-center">
      {actionable ? (
        <>
          <Spinner label={title} />
          <h1 className="h3">{title}</h1>
        </>
      ) : (
        <>
          <h1 className="h3">{title}</h1>
          <p>{t.paymentReturnIgnored}</p>
          <Link to={destination}>{t.continueLink}</Link>
        </>
      )}
    </Container>
  );
}
