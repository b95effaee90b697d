import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import BsSpinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/FormField';
import { ApiError } from '@/lib/api/errors';
import { errorText } from '@/lib/toast';
import { usePayCheckout } from '../api/pay-checkout';
import type { CheckoutSession } from '../api/types';
import { billingTexts } from '../texts';

const t = billingTexts.checkout;

const digits = (value: string) => value.replace(/\D/g, '');

/** Setup mode (card change) makes e-mail and name optional. */
function checkoutSchema(setup: boolean) {
  const email = z.string().trim();
  const name = z.string().trim();
  return z.object({
    email: setup
      ? email.refine((value) => value === '' || /^\S+@\S+\.\S+$/.test(value), t.emailInvalid)
      : email.min(1, t.emailRequired).regex(/^\S+@\S+\.\S+$/, t.emailInvalid),
    name: setup ? name : name.min(1, t.nameRequired),
    cardNumber: z.string().refine((value) => digits(value).length >= 12, t.cardRequired),
    expMonth: z.string().trim().regex(/^(0?[1-9]|1[0-2])$/, t.monthInvalid),
    expYear: z.string().trim().regex(/^(\d{2}|\d{4})$/, t.yearInvalid),
    cvc: z.string().trim().regex(/^\d{3,4}$/, t.cvcInvalid),
  });
}
type CheckoutValues = z.infer<ReturnType<typeof checkoutSchema>>;

interface CheckoutFormProps {
  session: CheckoutSession;
  /** Price text of the Pay button; absent in setup mode. */
  price: string | null;
}

export function CheckoutForm({ session, price }: CheckoutFormProps) {
  const setup = session.mode === 'setup';
  const schema = useMemo(() => checkoutSchema(setup), [setup]);
  const pay = usePayCheckout(session.id);
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: session.email ?? '', name: '', cardNumber: '', expMonth: '', expYear: '', cvc: '' },
  });
  const errors = form.formState.errors;
  // Pending, then success while the browser follows the redirect.
  const busy = pay.isPending || pay.isSuccess;

  const onSubmit = form.handleSubmit((values) => {
    const year = Number(values.expYear);
    pay.mutate({
      email: values.email,
      name: values.name,
      cardNumber: digits(values.cardNumber),
      expMonth: Number(values.expMonth),
      expYear: year < 100 ? 2000 + year : year,
      cvc: values.cvc,
    });
  });

  const failure = pay.isError
    ? pay.error instanceof ApiError && pay.error.detail
      ? pay.error.detail
      : errorText(pay.error, t.payFailed)
    : null;
  const optional = setup ? ` ${t.optional}` : '';
  const label = setup ? t.saveCard : price ? t.pay(price) : t.payPlain;

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={setup ? t.setupTitle : t.pageTitle}>
      <fieldset disabled={busy}>
        <FormField
          label={`${t.email}${optional}`}
          type="email"
          autoComplete="email"
          // The membership's address was given before the checkout began: it is not changed here.
          readOnly={Boolean(session.email)}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField label={`${t.name}${optional}`} autoComplete="cc-name" error={errors.name?.message} {...form.register('name')} />
        <FormField
          label={t.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          error={errors.cardNumber?.message}
          {...form.register('cardNumber')}
        />
        <Row className="g-2">
          <Col xs={6} sm={4}>
            <FormField
              label={t.expMonth}
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder="MM"
              maxLength={2}
              error={errors.expMonth?.message}
              {...form.register('expMonth')}
            />
          </Col>
          <Col xs={6} sm={4}>
            <FormField
              label={t.expYear}
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder="YYYY"
              maxLength={4}
              error={errors.expYear?.message}
              {...form.register('expYear')}
            />
          </Col>
          <Col xs={6} sm={4}>
            <FormField
              label={t.cvc}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              error={errors.cvc?.message}
              {...form.register('cvc')}
            />
          </Col>
        </Row>
      </fieldset>
      {failure && (
        <Alert variant="danger" role="alert" className="mt-2">
          {failure}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-100 mt-2 fw-bold" disabled={busy} aria-busy={busy}>
        {busy ? (
          <>
            <BsSpinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t.paying}
          </>
        ) : (
          label
        )}
      </Button>
    </Form>
  );
}
