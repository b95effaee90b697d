import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useBillingHistory } from '../api/get-billing-history';
import type { InvoiceHistoryEntry } from '../api/types';
import { CardSummary } from '../components/CardSummary';
import { SkeletonLines } from '../components/SkeletonLines';
import { capitalise, formatLongDate, formatMoney } from '../format';
import { billingTexts } from '../texts';

const t = billingTexts.billing;

/** SPEC §9: the invoice list scrolls beyond 450 px. */
export const BILLING_LIST_MAX_HEIGHT_PX = 450;

function InvoiceStatus({ status }: { status: string }) {
  if (status === 'paid') {
    return (
      <span className="text-success fs-5" role="img" aria-label={t.paid} title={t.paid}>
        ✓
      </span>
    );
  }
  return <span>{capitalise(status)}</span>;
}

function InvoiceRow({ invoice }: { invoice: InvoiceHistoryEntry }) {
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2 gap-md-3 py-3" data-testid="invoice">
      <span className="flex-grow-1 me-auto">{formatLongDate(invoice.created)}</span>
      <InvoiceStatus status={invoice.status} />
      <span className="fw-semibold text-end">{formatMoney(invoice.amountPaid, invoice.currency)}</span>
      <span className="d-flex gap-3">
        {invoice.hostedInvoiceUrl && (
          <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
            {t.view}
          </a>
        )}
        {invoice.invoicePdf && (
          <a href={invoice.invoicePdf} target="_blank" rel="noopener noreferrer">
            {t.download}
          </a>
        )}
      </span>
    </li>
  );
}

/** /account/billing (SPEC §2). */
export function BillingRoute() {
  const billing = useBillingHistory();

  if (billing.isError) {
    return (
      <section>
        <h2 className="h4 mb-3">{t.title}</h2>
        <Alert variant="danger">{t.loadFailed}</Alert>
      </section>
    );
  }

  const upcoming = billing.data?.upcoming;
  const history = billing.data?.history ?? [];
  return (
    <section aria-labelledby="billing-title">
      <h2 className="h4 mb-3" id="billing-title">
        {t.title}
      </h2>
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-4">
          <h3 className="h5 mb-3">{t.upcoming}</h3>
          {billing.isPending ? (
            <SkeletonLines lines={2} label={t.upcoming} />
          ) : upcoming ? (
            <div className="d-flex flex-wrap gap-3 align-items-center" data-testid="upcoming-invoice">
              <span>{formatLongDate(upcoming.created)}</span>
              <span className="fw-semibold">{formatMoney(upcoming.amountDue, upcoming.currency)}</span>
              <CardSummary card={upcoming.subscription?.defaultPaymentMethod?.card} />
            </div>
          ) : (
            <p className="mb-0">{t.noUpcoming}</p>
          )}
        </Card.Body>
      </Card>
      <h3 className="h5 mb-3">{t.history}</h3>
      {billing.isPending ? (
        <SkeletonLines lines={4} label={t.history} />
      ) : history.length === 0 ? (
        <p className="text-muted">{t.noHistory}</p>
      ) : (
        <ul
          className="list-group shadow-sm"
          aria-label={t.history}
          style={{ maxHeight: BILLING_LIST_MAX_HEIGHT_PX, overflow: 'auto' }}
        >
          {history.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </section>
  );
}
