-- Membership mails go out once: the receipt of each paid invoice, and the reminder before each
-- yearly renewal (one per subscription and period).
CREATE TABLE billing_receipts (
    invoice_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE TABLE billing_renewal_notices (
    subscription_id TEXT NOT NULL,
    period_end BIGINT NOT NULL,
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (subscription_id, period_end)
);
