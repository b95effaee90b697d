-- The latest time of each kind of practice kept with the summary (issue 30): the dashboard's
-- checklist read it from the events at every read, an index scan and a grouping (on PostgreSQL
-- about a tenth of the dashboard's instructions, bench/PROFILE.md finding 25). `latest` is
-- `kind ms` items joined by commas, the newest event of each kind the athlete recorded, and
-- `latest_at` the newest of them; both written with each practice write, in the transaction
-- that records it. NULL until the athlete next practises or the start's backfill reaches them; a
-- reader whose now is before `latest_at` (the clock set back) reads the events itself.
ALTER TABLE practice_summary ADD COLUMN latest TEXT;
ALTER TABLE practice_summary ADD COLUMN latest_at BIGINT;
