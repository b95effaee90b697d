import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type KeyboardEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/errors';
import { useAuth } from '@/lib/auth-context';
import { errorText, toastError } from '@/lib/toast';
import { usePlans } from '../api/get-plans';
import { subscriptionQueryOptions } from '../api/get-subscription';
import { useStartCheckout } from '../api/start-checkout';
import type { Plan, Subscription } from '../api/types';
import { PlanCard } from '../components/PlanCard';
import { DEFAULT_PLANS, billingTexts } from '../texts';

const t = billingTexts.choosePlan;

// Only a visitor who picks a plan needs the e-mail step (and its form library): not the first download.
const EmailStepDialog = lazy(() =>
  import('../components/EmailStepDialog').then((m) => ({ default: m.EmailStepDialog })),
);
type Period = 'monthly' | 'yearly';
type PlanId = Plan['id'];

/** SPEC §6: four checkouts, one per plan and period. */
const PLAN_IDS: Record<Period, { individual: PlanId; team: PlanId }> = {
  monthly: { individual: 'solo', team: 'team' },
  yearly: { individual: 'solo_yearly', team: 'team_yearly' },
};

/** A membership that still runs: a second checkout would double it, so its plan is changed instead. */
function runningPlan(subscription: Subscription | null | undefined): PlanId | null {
  if (!subscription) return null;
  const running = ['active', 'trialing', 'past_due'].includes(subscription.status);
  return running ? (subscription.plan as PlanId) : null;
}

function pick(plans: readonly Plan[], id: PlanId): Plan {
  return plans.find((plan) => plan.id === id) ?? DEFAULT_PLANS.find((plan) => plan.id === id)!;
}

export function ChoosePlanRoute() {
  const [period, setPeriod] = useState<Period>('monthly');
  // Radio buttons answer Space and the arrows; Enter chooses too, as on any button.
  const chooseWithEnter = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement)) return;
    if (target.value !== 'monthly' && target.value !== 'yearly') return;
    event.preventDefault();
    setPeriod(target.value);
  };
  const plans = usePlans();
  const navigate = useNavigate();
  const { session } = useAuth();
  const signedIn = session !== null;
  const subscription = useQuery({ ...subscriptionQueryOptions, enabled: signedIn });
  const current = signedIn ? runningPlan(subscription.data) : null;
  // The plan whose e-mail step is open (signed out).
  const [asking, setAsking] = useState<Plan | null>(null);
  const checkout = useStartCheckout();
  // Pending, then success while the browser leaves for the checkout page.
  const leaving = checkout.isPending || checkout.isSuccess;
  const startingId = leaving ? checkout.variables.plan : undefined;
  const { reset } = checkout;

  const choose = (plan: Plan) => {
    if (current) {
      void navigate(`/account/change-plan?plan=${plan.id}`);
    } else if (signedIn) {
      checkout.mutate(
        { plan: plan.id },
        {
          onError: (error) =>
            toastError(error instanceof ApiError && error.detail ? error.detail : errorText(error, t.startFailed)),
        },
      );
    } else {
      reset();
      setAsking(plan);
    }
  };
  const buttonFor = (plan: Plan, label: string) => {
    if (!current) return label;
    return plan.id === current ? t.yourPlan : t.changePlan;
  };

  // Back from the checkout page through the back/forward cache: ready again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  const list = plans.data ?? DEFAULT_PLANS;
  const individual = pick(list, PLAN_IDS[period].individual);
  const team = pick(list, PLAN_IDS[period].team);

  return (
    <>
      <section className="hero text-white text-center">
        <Container className="py-5">
          <p className="text-uppercase fw-semibold text-warning mb-2">{t.productName}</p>
          <h1 className="display-6 fw-bold">{t.title}</h1>
          <p className="lead mb-0 mx-auto hero-lead">{t.tagline}</p>
        </Container>
      </section>
      <Container className="py-5">
        <div className="text-center mb-4">
          <ToggleButtonGroup
            type="radio"
            name="billing-period"
            value={period}
            onChange={(value: Period) => setPeriod(value)}
            aria-label={t.periodLabel}
            onKeyDown={chooseWithEnter}
          >
            <ToggleButton id="period-monthly" value="monthly" variant="outline-primary">
              {t.monthly}
            </ToggleButton>
            <ToggleButton id="period-yearly" value="yearly" variant="outline-primary">
              {t.yearly}
              <Badge bg="success" className="ms-2">
                {t.saveBadge}
              </Badge>
            </ToggleButton>
          </ToggleButtonGroup>
        </div>
        {plans.isError && (
          <Alert variant="warning" className="text-center">
            {t.plansFailed}
          </Alert>
        )}
        {/* The cards stand from the first paint, so nothing jumps when the prices arrive. */}
        <Row xs={1} md={2} className="g-4 justify-content-center">
          <Col className="plan-col">
            <PlanCard
              plan={individual}
              features={t.individualFeatures}
              buttonLabel={buttonFor(individual, t.individualButton)}
              starting={startingId === individual.id}
              disabled={leaving || individual.id === current}
              pricePending={plans.isPending}
              onSelect={choose}
            />
          </Col>
          <Col className="plan-col">
            <PlanCard
              plan={team}
              features={t.teamFeatures(team.seats)}
              buttonLabel={buttonFor(team, t.teamButton)}
              starting={startingId === team.id}
              disabled={leaving || team.id === current}
              highlighted
              pricePending={plans.isPending}
              onSelect={choose}
            />
          </Col>
        </Row>
      </Container>
      {asking && (
        <Suspense fallback={null}>
          <EmailStepDialog
            planName={asking.name}
            busy={leaving}
            error={checkout.error}
            onContinue={(email) => checkout.mutate({ plan: asking.id, email })}
            onClose={() => setAsking(null)}
          />
        </Suspense>
      )}
    </>
  );
}
