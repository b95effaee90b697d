import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useSubscriptionSuccessResult } from '../api/subscription-success-result';
import { RetryPanel } from '../components/RetryPanel';
import { conflictEmail, firstFlowErrorText, newUserLoginUrl, resubscribedLoginUrl } from '../first-flow';
import { isTimeout } from '../retry-policy';
import { billingTexts } from '../texts';

const t = billingTexts.firstFlow;

/**
 * /swaz-subscription-success-stripe-first-flow (SPEC §2, §4): turns the paid
 * checkout into an account, then sends the buyer to login. The call is a
 * query keyed by session id, so it runs once even when effects run twice.
 */
export function FirstFlowSuccessRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = searchParams.get('sessionid') ?? '';
  const team = searchParams.get('t') ?? '0';
  const success = (searchParams.get('success') ?? '').toLowerCase() === 'true';
  const enabled = success && sessionId !== '';
  const result = useSubscriptionSuccessResult(sessionId, team, enabled);
  const redirected = useRef(false);

  const email = result.isError ? conflictEmail(result.error) : null;
  const target = result.isSuccess ? newUserLoginUrl(result.data) : email ? resubscribedLoginUrl(email) : null;

  useEffect(() => {
    if (!target || redirected.current) return;
    redirected.current = true;
    // replace: the generated password must not stay in this page's history entry either.
    navigate(target, { replace: true });
  }, [target, navigate]);

  let body;
  if (!enabled) {
    body = (
      <Alert variant="warning" className="mx-auto text-center" style={{ maxWidth: '36rem' }}>
        <p className="mb-2">{t.missingSession}</p>
        <Link to="/auth/login">{t.goToLogin}</Link>
      </Alert>
    );
  } else if (result.isError && !email && !result.isFetching) {
    body = (
      <RetryPanel
        timeout={isTimeout(result.error)}
        message={firstFlowErrorText(result.error)}
        retrying={result.isFetching}
        onRetry={() => void result.refetch()}
      />
    );
  } else {
    body = (
      <div className="text-center">
        <Spinner label={t.processing} />
        <p className="lead">{t.processing}</p>
      </div>
    );
  }

  return <Container className="py-5">{body}</Container>;
}
