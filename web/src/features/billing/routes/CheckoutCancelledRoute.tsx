import { useEffect } from 'react';
import Container from 'react-bootstrap/Container';
import { CANCELLED_REDIRECT_MS, billingTexts as t } from '../texts';

/** SPEC §2: after 1.5 s a full redirect to /user-dashboard. */
export function CheckoutCancelledRoute({ change = false }: { change?: boolean }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign('/user-dashboard'), CANCELLED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">{change ? t.subscriptionCancelled : t.restarting}</h1>
      {change && <p>{t.restarting}</p>}
    </Container>
  );
}
