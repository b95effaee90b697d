-- The summary's recent days kept as one text (issue 30): the dashboard and the coach board read
-- one column instead of building it from up to 85 rows of `practice_days` at every read (on
-- PostgreSQL a third of the dashboard's instructions, bench/PROFILE.md finding 24). `recent` is
-- every row of `practice_days` from the day `recent_from` on, as `day events run` items joined
-- by commas, written again with each write to those rows. NULL until the athlete next practises
-- or the start's backfill reaches them; a reader whose window starts before `recent_from` (the
-- clock set back) reads `practice_days` itself.
ALTER TABLE practice_summary ADD COLUMN recent TEXT;
ALTER TABLE practice_summary ADD COLUMN recent_from TEXT;
