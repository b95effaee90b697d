-- Membership as the app sees it, whichever payment provider holds the money.
CREATE TABLE billing_customers (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    customer_id TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

CREATE TABLE teams (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    seats BIGINT NOT NULL,
    subscription_id TEXT,
    created_at BIGINT NOT NULL
);

CREATE TABLE team_members (
    team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members(user_id);

CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    plan TEXT NOT NULL,
    status TEXT NOT NULL,
    current_period_start BIGINT NOT NULL,
    current_period_end BIGINT NOT NULL,
    cancel_at_period_end BIGINT NOT NULL DEFAULT 0,
    canceled_at BIGINT,
    cancel_reason TEXT,
    team_id TEXT REFERENCES teams(id),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions(user_id);

-- Each paid checkout is turned into a membership once, whatever retries or double clicks.
CREATE TABLE billing_checkouts (
    session_id TEXT PRIMARY KEY,
    result_user_id TEXT,
    existing_user BIGINT NOT NULL DEFAULT 0,
    processed_at BIGINT,
    created_at BIGINT NOT NULL
);

-- Stripe webhook events already handled (idempotency per event id).
CREATE TABLE stripe_events (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

-- The local test-mode provider's own records, shaped like Stripe's objects.
CREATE TABLE localpay_customers (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    card_brand TEXT,
    card_last4 TEXT,
    card_exp_month BIGINT,
    card_exp_year BIGINT,
    created_at BIGINT NOT NULL
);

CREATE TABLE localpay_sessions (
    id TEXT PRIMARY KEY,
    mode TEXT NOT NULL,
    status TEXT NOT NULL,
    plan TEXT,
    buyer_user_id TEXT,
    customer_email TEXT,
    customer_id TEXT,
    subscription_id TEXT,
    success_url TEXT NOT NULL,
    cancel_url TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    completed_at BIGINT
);

CREATE TABLE localpay_subscriptions (
    id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL,
    plan TEXT NOT NULL,
    status TEXT NOT NULL,
    current_period_start BIGINT NOT NULL,
    current_period_end BIGINT NOT NULL,
    cancel_at_period_end BIGINT NOT NULL DEFAULT 0,
    canceled_at BIGINT,
    created_at BIGINT NOT NULL
);

CREATE TABLE localpay_invoices (
    id TEXT PRIMARY KEY,
    access_token TEXT NOT NULL UNIQUE,
    number TEXT NOT NULL UNIQUE,
    customer_id TEXT NOT NULL,
    subscription_id TEXT NOT NULL,
    plan TEXT NOT NULL,
    status TEXT NOT NULL,
    amount_paid BIGINT NOT NULL,
    currency TEXT NOT NULL,
    period_start BIGINT NOT NULL,
    period_end BIGINT NOT NULL,
    card_brand TEXT NOT NULL,
    card_last4 TEXT NOT NULL,
    card_exp_month BIGINT NOT NULL,
    card_exp_year BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX localpay_invoices_customer ON localpay_invoices(customer_id, created_at);
