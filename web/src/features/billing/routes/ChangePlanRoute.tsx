import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import BsSpinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/errors';
import { usePlans } from '../api/get-plans';
import { useSubscription } from '../api/get-subscription';
import { useChangePlan, usePlanChangePreview } from '../api/plan-change';
import type { Plan, PlanChangePreview } from '../api/types';
import { SkeletonLines } from '../components/SkeletonLines';
import { formatLongDate, formatMoney } from '../format';
import { planLabel } from '../plan-name';
import { DEFAULT_PLANS, billingTexts } from '../texts';

const t = billingTexts.changePlan;
type PlanId = Plan['id'];

function isPlanId(value: string | null, plans: readonly Plan[]): value is PlanId {
  return plans.some((plan) => plan.id === value);
}

function Amounts({ preview, plan }: { preview: PlanChangePreview; plan: Plan }) {
  const money = (minor: number) => formatMoney(minor, preview.currency);
  return (
    <div data-testid="plan-change-preview">
      <p className="h5 mb-2">{preview.amountDueNow > 0 ? t.dueNow(money(preview.amountDueNow)) : t.dueNothing}</p>
      {preview.credit > 0 && <p className="mb-2">{t.credit(money(preview.credit))}</p>}
      <p className="text-muted mb-0">
        {t.then(
          money(preview.nextAmount),
          plan.interval === 'year' ? t.year : t.month,
          formatLongDate(preview.nextRenewal),
        )}
      </p>
    </div>
  );
}

/** /account/change-plan?plan=…: the member picks a plan, sees what it costs now, confirms. */
export function ChangePlanRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const subscription = useSubscription();
  const plans = usePlans();
  const list = plans.data ?? DEFAULT_PLANS;
  const current = subscription.data?.plan ?? null;
  const asked = searchParams.get('plan');
  const chosen = isPlanId(asked, list) && asked !== current ? asked : null;
  const preview = usePlanChangePreview(subscription.data ? chosen : null);
  const change = useChangePlan();
  const busy = change.isPending || change.isSuccess;
  const chosenPlan = list.find((plan) => plan.id === chosen);

  // The same screen with another plan chosen: it stays where the member is.
  const choose = (id: PlanId) => setSearchParams({ plan: id }, { replace: true, preventScrollReset: true });
  const confirm = () => {
    if (!chosen || !preview.data) return;
    change.mutate(
      { plan: chosen, previewAt: preview.data.previewAt },
      { onSuccess: () => navigate('/account/membership') },
    );
  };

  let body;
  if (subscription.isPending) {
    body = <SkeletonLines lines={4} label={t.title} />;
  } else if (subscription.isError) {
    body = <Alert variant="danger">{billingTexts.membership.loadFailed}</Alert>;
  } else if (subscription.data === null) {
    body = (
      <>
        <p>{t.none}</p>
        <Link to="/choose-a-plan">{billingTexts.membership.choosePlan}</Link>
      </>
    );
  } else {
    const refusal = preview.error instanceof ApiError ? preview.error.detail : null;
    const due = preview.data && !preview.isPlaceholderData ? preview.data.amountDueNow : null;
    const money = (minor: number) => formatMoney(minor, preview.data?.currency ?? 'usd');
    body = (
      <>
        <p>{t.explain}</p>
        <Form.Group as="fieldset" className="mb-4" disabled={busy}>
          <Form.Label as="legend" className="fs-6 fw-semibold">
            {t.choose}
          </Form.Label>
          {list.map((plan) => (
            <Form.Check
              key={plan.id}
              type="radio"
              id={`change-plan-${plan.id}`}
              name="change-plan"
              className="mb-2"
              checked={plan.id === chosen || (plan.id === current && !chosen)}
              disabled={plan.id === current}
              onChange={() => choose(plan.id)}
              label={
                <>
                  {planLabel(plan)} — {formatMoney(plan.amount, plan.currency)}
                  {plan.id === current && <span className="text-muted"> ({t.current})</span>}
                </>
              }
            />
          ))}
        </Form.Group>
        {chosenPlan && (
          <div className="border rounded p-3 mb-4" aria-live="polite" aria-busy={preview.isFetching}>
            {preview.isError ? (
              <Alert variant="warning" className="mb-0">
                {refusal ?? t.previewFailed}
              </Alert>
            ) : preview.data ? (
              <Amounts preview={preview.data} plan={chosenPlan} />
            ) : (
              <p className="mb-0 text-muted">{t.loading}</p>
            )}
            {chosenPlan.id.startsWith('team') && current?.startsWith('team') && (
              <p className="small text-muted mt-2 mb-0">{t.teamNote}</p>
            )}
          </div>
        )}
        <div className="d-flex flex-column flex-sm-row gap-2">
          <Button onClick={confirm} disabled={busy || due === null || preview.isFetching} aria-busy={busy}>
            {busy && <BsSpinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {busy ? t.changing : due ? t.confirm(money(due)) : t.confirmFree}
          </Button>
          <Link to="/account/membership" className="btn btn-outline-primary">
            {t.keep}
          </Link>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="change-plan-title">
      <h2 className="h4 mb-3" id="change-plan-title">
        {t.title}
      </h2>
      <Card className="shadow-sm">
        <Card.Body className="p-4">{body}</Card.Body>
      </Card>
    </section>
  );
}
