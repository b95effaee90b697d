-- A paid checkout that duplicated a membership its buyer already had is refunded and cancelled
-- instead of being attached; retries of its return call then answer the same.
ALTER TABLE billing_checkouts ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0;

-- The local test-mode provider's customer balance, as Stripe keeps one: unused time of a plan
-- changed to a cheaper one, taken off the next invoices (minor units).
ALTER TABLE localpay_customers ADD COLUMN credit BIGINT NOT NULL DEFAULT 0;
