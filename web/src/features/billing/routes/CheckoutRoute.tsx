import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api/errors';
import { useCheckoutSession } from '../api/get-checkout-session';
import { CheckoutForm } from '../components/CheckoutForm';
import { TestModeBanner } from '../components/TestModeBanner';
import { formatMoney } from '../format';
import { billingTexts } from '../texts';

const t = billingTexts.checkout;
const CHECKOUT_MAX_WIDTH = '34rem';

/** /_checkout/:sessionId: the checkout page of the local test-mode provider (DESIGN §3). */
export function CheckoutRoute() {
  const { sessionId = '' } = useParams();
  const session = useCheckoutSession(sessionId);

  let body;
  if (session.isPending) {
    body = <Spinner />;
  } else if (session.isError) {
    const notFound = session.error instanceof ApiError && session.error.status === 404;
    body = (
      <Alert variant="danger">
        <p className="mb-2">{notFound ? t.notFound : t.loadFailed}</p>
        <Link to="/choose-a-plan">{t.toPlans}</Link>
      </Alert>
    );
  } else {
    const data = session.data;
    const setup = data.mode === 'setup';
    const amount = data.amount ?? data.plan?.amount ?? null;
    const currency = data.currency ?? data.plan?.currency ?? 'usd';
    const price = !setup && amount !== null ? formatMoney(amount, currency) : null;
    const per = data.plan?.interval === 'year' ? billingTexts.choosePlan.perYear : billingTexts.choosePlan.perMonth;
    body = (
      <>
        <TestModeBanner />
        <h1 className="h3 mb-1">{setup ? t.setupTitle : (data.plan?.name ?? t.pageTitle)}</h1>
        {setup ? (
          <p className="text-muted mb-4">{t.setupLead}</p>
        ) : (
          price && (
            <p className="fs-4 fw-bold mb-4" data-testid="checkout-price">
              {price}
              {data.plan && <small className="fs-6 text-muted fw-normal">{per}</small>}
            </p>
          )
        )}
        {data.status === 'complete' ? (
          <Alert variant="success">
            <p className="mb-2">{t.complete}</p>
            <Link to="/user-dashboard">{t.toDashboard}</Link>
          </Alert>
        ) : data.status === 'expired' ? (
          <Alert variant="warning">
            <p className="mb-2">{t.expired}</p>
            <Link to="/choose-a-plan">{t.toPlans}</Link>
          </Alert>
        ) : (
          <CheckoutForm session={data} price={price} />
        )}
        {data.status === 'open' && (
          <p className="text-center mt-3 mb-0">
            <a href={data.cancelUrl}>{t.cancel}</a>
          </p>
        )}
      </>
    );
  }

  return (
    <Container className="py-3 py-md-5">
      <Card className="shadow-sm mx-auto" style={{ maxWidth: CHECKOUT_MAX_WIDTH }}>
        <Card.Body className="p-3 p-sm-4">{body}</Card.Body>
      </Card>
    </Container>
  );
}
