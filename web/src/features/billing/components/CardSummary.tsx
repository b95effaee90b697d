import type { Card } from '../api/types';
import { formatBrand, formatExpiry } from '../format';
import { billingTexts } from '../texts';

/** Brand, last four digits and expiry of a card. */
export function CardSummary({ card }: { card: Card | null | undefined }) {
  if (!card) return <span className="text-muted">{billingTexts.membership.noCard}</span>;
  return (
    <span data-testid="card-summary">
      <span className="fw-semibold">{formatBrand(card.brand)}</span>{' '}
      <span className="font-monospace" aria-label={`ending in ${card.last4}`}>
        •••• {card.last4}
      </span>{' '}
      <span className="text-muted small">{billingTexts.membership.expires(formatExpiry(card.expMonth, card.expYear))}</span>
    </span>
  );
}
