import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import BsSpinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { ApiError } from '@/lib/api/errors';
import { errorText } from '@/lib/toast';
import { billingTexts } from '../texts';

const t = billingTexts.choosePlan.emailStep;

const schema = z.object({
  email: z.string().trim().min(1, t.required).regex(/^\S+@\S+\.\S+$/, t.invalid),
});
type EmailValues = z.infer<typeof schema>;

interface EmailStepDialogProps {
  /** The plan's name, shown in the title; null hides the dialog. */
  planName: string | null;
  busy: boolean;
  /** Why the server refused the last try, if it did. */
  error: unknown;
  onContinue: (email: string) => void;
  onClose: () => void;
}

/**
 * A signed-out visitor says whom the membership is for before paying, so the server can refuse
 * an address that already has an account before any card is charged.
 */
export function EmailStepDialog({ planName, busy, error, onContinue, onClose }: EmailStepDialogProps) {
  const form = useForm<EmailValues>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const refusal = error instanceof ApiError ? error : null;
  const hasAccount = refusal?.status === 409;
  return (
    <Modal show={planName !== null} onHide={busy ? () => undefined : onClose} centered aria-labelledby="email-step-title">
      <Form noValidate onSubmit={form.handleSubmit((values) => onContinue(values.email.trim()))}>
        <Modal.Header closeButton>
          <Modal.Title id="email-step-title" as="h2" className="h5">
            {t.title}
            {planName && <span className="d-block small text-muted fw-normal mt-1">{planName}</span>}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t.lead}</p>
          <fieldset disabled={busy}>
            <FormField
              label={t.email}
              type="email"
              autoComplete="email"
              autoFocus
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
          </fieldset>
          {error !== null && error !== undefined && (
            <Alert variant={hasAccount ? 'info' : 'danger'} className="mb-0" role="alert">
              {refusal?.detail ?? errorText(error, billingTexts.choosePlan.startFailed)}
              {hasAccount && (
                <>
                  {' '}
                  <Link to="/auth/login?returnUrl=%2Fchoose-a-plan" className="alert-link">
                    {t.signIn}
                  </Link>
                </>
              )}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy && <BsSpinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t.continue}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
