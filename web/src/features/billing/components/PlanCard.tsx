import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import BsSpinner from 'react-bootstrap/Spinner';
import type { Plan } from '../api/types';
import { formatMoney } from '../format';
import { billingTexts } from '../texts';

const t = billingTexts.choosePlan;

interface PlanCardProps {
  plan: Plan;
  features: readonly string[];
  buttonLabel: string;
  /** This card's checkout is starting. */
  starting: boolean;
  /** Any checkout is starting. */
  disabled: boolean;
  highlighted?: boolean;
  /** The price is still on its way: a placeholder of the same size holds its place. */
  pricePending?: boolean;
  onSelect: (plan: Plan) => void;
}

export function PlanCard({
  plan,
  features,
  buttonLabel,
  starting,
  disabled,
  highlighted = false,
  pricePending = false,
  onSelect,
}: PlanCardProps) {
  const yearly = plan.interval === 'year';
  return (
    <Card className={`h-100 shadow-sm plan-card${highlighted ? ' border-primary' : ''}`} aria-labelledby={`plan-${plan.id}`}>
      <Card.Body className="d-flex flex-column p-4">
        <Card.Title as="h2" className="h4" id={`plan-${plan.id}`}>
          {plan.name}
        </Card.Title>
        {pricePending ? (
          <p className="display-6 fw-bold mt-3 mb-1 placeholder-glow" aria-busy="true">
            <span className="placeholder col-5 rounded" />
            <span className="visually-hidden">{t.loadingPrice}</span>
          </p>
        ) : (
          <p className="display-6 fw-bold mt-3 mb-1" data-testid="plan-price">
            {formatMoney(plan.amount, plan.currency)}
            <small className="fs-6 text-muted fw-normal">{yearly ? t.perYear : t.perMonth}</small>
          </p>
        )}
        <p className="small text-muted mb-3">{yearly ? t.billedYearly : t.billedMonthly}</p>
        <ul className="list-unstyled mb-4">
          {features.map((feature) => (
            <li key={feature} className="mb-2 d-flex gap-2">
              <span className="text-success" aria-hidden="true">
                ✓
              </span>
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <Button
          className="mt-auto fw-bold"
          size="lg"
          disabled={disabled || pricePending}
          aria-busy={starting}
          onClick={() => onSelect(plan)}
        >
          {starting ? (
            <>
              <BsSpinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {t.starting}
            </>
          ) : (
            buttonLabel
          )}
        </Button>
      </Card.Body>
    </Card>
  );
}
