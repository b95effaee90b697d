import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import BsSpinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { SkeletonLines } from '../components/SkeletonLines';
import { formatLongDate } from '../format';
import { billingTexts } from '../texts';

const t = billingTexts.cancelMembership;

const cancelSchema = z.object({
  reason: z.string(),
  details: z.string().trim().max(1000),
});
type CancelValues = z.infer<typeof cancelSchema>;

/** Reason sent to the server: the chosen reason, then the free text. */
function reasonText({ reason, details }: CancelValues): string {
  return [reason, details].filter(Boolean).join(': ');
}

/** /account/cancel-membership: explains what happens, then cancels at period end. */
export function CancelMembershipRoute() {
  const subscription = useSubscription();
  const cancel = useCancelSubscription();
  const navigate = useNavigate();
  const form = useForm<CancelValues>({
    resolver: zodResolver(cancelSchema),
    defaultValues: { reason: '', details: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    cancel.mutate(reasonText(values), { onSuccess: () => navigate('/account/membership') }),
  );

  let body;
  if (subscription.isPending) {
    body = <SkeletonLines lines={4} label={t.title} />;
  } else if (subscription.data === null) {
    body = (
      <>
        <p>{t.none}</p>
        <Link to="/choose-a-plan">{billingTexts.membership.choosePlan}</Link>
      </>
    );
  } else if (subscription.data?.cancelAtPeriodEnd) {
    body = (
      <>
        <p>{t.alreadyCancelling}</p>
        <Link to="/account/membership">{billingTexts.membership.title}</Link>
      </>
    );
  } else {
    const end = subscription.data?.currentPeriodEnd;
    const busy = cancel.isPending;
    body = (
      <>
        {subscription.isError && <Alert variant="warning">{billingTexts.membership.loadFailed}</Alert>}
        <p className="fw-semibold">{t.intro}</p>
        <ul>
          <li>{end ? t.accessUntil(formatLongDate(end)) : t.accessUntilPeriodEnd}</li>
          <li>{t.noCharges}</li>
          <li>{t.dataStays}</li>
        </ul>
        <Form noValidate onSubmit={onSubmit} aria-label={t.title}>
          <fieldset disabled={busy}>
            <Form.Group className="mb-3" controlId="cancel-reason">
              <Form.Label>{t.reasonLabel}</Form.Label>
              <Form.Select {...form.register('reason')}>
                <option value="">{t.reasonPlaceholder}</option>
                {t.reasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {reason}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-4" controlId="cancel-details">
              <Form.Label>{t.detailsLabel}</Form.Label>
              <Form.Control as="textarea" rows={3} maxLength={1000} {...form.register('details')} />
            </Form.Group>
          </fieldset>
          <div className="d-flex flex-column flex-sm-row gap-2">
            <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
              {busy && <BsSpinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {busy ? t.cancelling : t.confirm}
            </Button>
            <Link to="/account/membership" className="btn btn-outline-primary">
              {t.keep}
            </Link>
          </div>
        </Form>
      </>
    );
  }

  return (
    <section aria-labelledby="cancel-membership-title">
      <h2 className="h4 mb-3" id="cancel-membership-title">
        {t.title}
      </h2>
      <Card className="shadow-sm">
        <Card.Body className="p-4">{body}</Card.Body>
      </Card>
    </section>
  );
}
