-- The athlete's practice per local day, kept beside the events in the same transaction as each
-- practice write (issue 30), so the dashboard reads its calendar and streak from at most 84
-- rows instead of counting events. `day` is a date (`YYYY-MM-DD`) in the zone named by
-- `practice_summary.zone`; `run` is the number of practised days in the run of practised or
-- rest days that ends on `day`, so the streak is read from one row however long it is. When the
-- athlete's zone changes, the days are counted again from the events in the new zone.
CREATE TABLE practice_summary (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    zone TEXT NOT NULL
);

CREATE TABLE practice_days (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    events BIGINT NOT NULL,
    run BIGINT NOT NULL,
    PRIMARY KEY (user_id, day)
);
