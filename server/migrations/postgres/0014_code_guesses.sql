-- Wrong guesses at an e-mailed code, counted on the code: after a handful it is dead, and a new
-- one must be sent (issue 26).
ALTER TABLE one_time_tokens ADD COLUMN failed_attempts BIGINT NOT NULL DEFAULT 0;
