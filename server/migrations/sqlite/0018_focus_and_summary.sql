-- A daily action the athlete said works on the team's focus (issue 27): 1, or 0.
ALTER TABLE daily_actions ADD COLUMN toward_focus INTEGER NOT NULL DEFAULT 0;

-- The Monday summary of the team a coach receives (1, the default) or turned off (0).
ALTER TABLE notification_settings ADD COLUMN coach_summary INTEGER NOT NULL DEFAULT 1;
