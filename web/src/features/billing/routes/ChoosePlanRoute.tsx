import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { PlanCard } from '../components/PlanCard';
import { billingTexts as t } from '../texts';

export function ChoosePlanRoute() {
  const [period, setPeriod] = useState<'monthly' | 'yearly'>('monthly');
  return (
    <>
      <section className="hero text-white text-center">
        <Container className="py-5">
          <p className="text-uppercase fw-semibold text-warning mb-2">{t.productName}</p>
          <h1 className="display-6 fw-bold">{t.choosePlanTitle}</h1>
          <p className="lead mb-0">{t.tagline}</p>
        </Container>
      </section>
      <Container className="py-5">
        <div className="text-center mb-4">
          <ToggleButtonGroup
            type="radio"
            name="billing-period"
            value={period}
            onChange={(value: 'monthly' | 'yearly') => setPeriod(value)}
            aria-label="Billing period"
          >
            <ToggleButton id="period-monthly" value="monthly" variant="outline-primary">
              {t.monthly}
            </ToggleButton>
            <ToggleButton id="period-yearly" value="yearly" variant="outline-primary">
              {t.yearly}{' '}
              <Badge bg="success" className="ms-1">
                {t.saveBadge}
              </Badge>
            </ToggleButton>
          </ToggleButtonGroup>
        </div>
        <Row xs={1} md={2} className="g-4 justify-content-center">
          {t.plans.map((plan) => (
            <Col key={plan.id} className="plan-col">
              <PlanCard plan={plan} yearly={period === 'yearly'} />
            </Col>
          ))}
        </Row>
      </Container>
    </>
  );
}
