import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { billingTexts as t } from '../texts';

interface PlanCardProps {
  plan: (typeof t.plans)[number];
  yearly: boolean;
}

export function PlanCard({ plan, yearly }: PlanCardProps) {
  return (
    <Card className="h-100 shadow-sm plan-card">
      <Card.Body className="d-flex flex-column p-4">
        <Card.Title as="h2" className="h4">
          {plan.name}
        </Card.Title>
        <p className="display-6 fw-bold my-3">
          {yearly ? plan.yearly : plan.monthly}
          <small className="fs-6 text-muted fw-normal">{yearly ? t.perYear : t.perMonth}</small>
        </p>
        <ul className="list-unstyled mb-4">
          {plan.features.map((feature) => (
            <li key={feature} className="mb-1">
              ✓ {feature}
            </li>
          ))}
        </ul>
        <Button className="mt-auto fw-bold" size="lg" disabled aria-label={`${t.select} ${plan.name}`}>
          {t.select}
        </Button>
      </Card.Body>
    </Card>
  );
}
