import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import BsSpinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { useChangePaymentRequest } from '../api/change-payment-request';
import { usePlans } from '../api/get-plans';
import { useSubscription } from '../api/get-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { CardSummary } from '../components/CardSummary';
import { SkeletonLines } from '../components/SkeletonLines';
import { capitalise, formatLongDate } from '../format';
import { planLabel } from '../plan-name';
import { billingTexts } from '../texts';

const t = billingTexts.membership;

/** /account/membership (SPEC §2). */
export function MembershipRoute() {
  const subscription = useSubscription();
  const plans = usePlans();
  const change = useChangePaymentRequest();
  const resume = useResumeSubscription();
  // Pending, then success while the browser leaves for the card-change checkout.
  const changing = change.isPending || change.isSuccess;

  let body;
  if (subscription.isPending) {
    body = <SkeletonLines lines={4} label={t.title} />;
  } else if (subscription.isError) {
    body = <Alert variant="danger">{t.loadFailed}</Alert>;
  } else if (subscription.data === null) {
    body = (
      <div>
        <p>{t.none}</p>
        <Link to="/choose-a-plan" className="btn btn-primary">
          {t.choosePlan}
        </Link>
      </div>
    );
  } else {
    const data = subscription.data;
    const active = data.status === 'active';
    // Cancelled at period end and not ended yet: one click keeps it.
    const resumable = data.cancelAtPeriodEnd && data.status !== 'canceled';
    const plan = planLabel(data.plan, plans.data);
    const date = data.currentPeriodEnd ? formatLongDate(data.currentPeriodEnd) : null;
    body = (
      <dl className="row mb-0">
        <dt className="col-sm-4 col-lg-3">{t.status}</dt>
        <dd className="col-sm-8 col-lg-9">
          <span className={`fw-bold ${active ? 'text-success' : 'text-body'}`} data-testid="membership-status">
            {capitalise(data.status)}
          </span>
          {date && resumable ? (
            <div className="mt-2">
              <p className="mb-2" data-testid="membership-period">
                {t.endingNotice(date)}
              </p>
              <Button
                size="sm"
                variant="primary"
                onClick={() => resume.mutate()}
                disabled={resume.isPending}
                aria-busy={resume.isPending}
              >
                {resume.isPending && <BsSpinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
                {resume.isPending ? t.resuming : t.resume}
              </Button>
            </div>
          ) : (
            date && (
              <span className="d-block text-muted" data-testid="membership-period">
                {data.cancelAtPeriodEnd ? t.endsOn(date) : t.renewsOn(date)}
              </span>
            )
          )}
        </dd>
        {plan && (
          <>
            <dt className="col-sm-4 col-lg-3">{t.plan}</dt>
            <dd className="col-sm-8 col-lg-9 d-flex flex-wrap align-items-center gap-2">
              <span data-testid="membership-plan">{plan}</span>
              {!data.cancelAtPeriodEnd && data.status !== 'canceled' && (
                <Link to="../change-plan" relative="path" className="btn btn-sm btn-outline-primary">
                  {billingTexts.changePlan.link}
                </Link>
              )}
            </dd>
          </>
        )}
        <dt className="col-sm-4 col-lg-3">{t.card}</dt>
        <dd className="col-sm-8 col-lg-9 d-flex flex-wrap align-items-center gap-2">
          <CardSummary card={data.defaultPaymentMethod?.card} />
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => change.mutate()}
            disabled={changing}
            aria-busy={changing}
          >
            {changing && <BsSpinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
            {t.change}
          </Button>
        </dd>
        {!data.cancelAtPeriodEnd && data.status !== 'canceled' && (
          <dd className="col-12 mt-3 mb-0">
            <Link to="../cancel-membership" relative="path" className="btn btn-outline-danger">
              {t.cancel}
            </Link>
          </dd>
        )}
      </dl>
    );
  }

  return (
    <section aria-labelledby="membership-title">
      <h2 className="h4 mb-3" id="membership-title">
        {t.title}
      </h2>
      <Card className="shadow-sm">
        <Card.Body className="p-4">{body}</Card.Body>
      </Card>
    </section>
  );
}
