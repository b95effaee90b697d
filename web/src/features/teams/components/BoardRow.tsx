import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { sinceText, type BoardAthlete } from '../board';
import { displayName } from '../team';
import { teamTexts } from '../texts';
import { CheckinTable } from './CheckinTable';
import { FlagBadges } from './FlagBadges';
import { Sparkline } from './Sparkline';

const t = teamTexts.board;

/**
 * One athlete of the board: name and flags, then what they share — a sparkline of 28 days,
 * days practised, streak and last practice, their latest check-in against their 28-day
 * averages — or "Not shared". The name links to the athlete; Nudge writes them a note.
 */
export function BoardRow({ athlete, now, onNudge }: { athlete: BoardAthlete; now: Date; onNudge: () => void }) {
  const name = displayName(athlete, teamTexts.members.unknown);
  const shared = athlete.sharing.practice && Array.isArray(athlete.last28);
  return (
    <li className="card shadow-sm team-board-row" data-testid="board-row" data-user-id={athlete.userId}>
      <div className="card-body d-md-flex align-items-center gap-4">
        <div className="team-board-who mb-2 mb-md-0">
          <h3 className="h6 mb-1">
            <Link
              to={`/account/team-config/athletes/${encodeURIComponent(athlete.userId)}`}
              className="stretched-link link-body-emphasis link-offset-2"
              aria-label={t.open(name)}
            >
              {name}
            </Link>
          </h3>
          <FlagBadges flags={athlete.flags} />
        </div>
        {shared ? (
          <dl className="team-board-figures mb-0">
            <div>
              <dt>{t.days28}</dt>
              <dd>
                <Sparkline counts={athlete.last28 ?? []} />
                <span className="d-block">{t.daysOf(athlete.practiceDays28 ?? 0, 28)}</span>
              </dd>
            </div>
            <div>
              <dt>{t.days7}</dt>
              <dd>{t.daysOf(athlete.practiceDays7 ?? 0, 7)}</dd>
            </div>
            <div>
              <dt>{t.streak}</dt>
              <dd>{t.streakDays(athlete.streakDays ?? 0)}</dd>
            </div>
            {typeof athlete.plannedTowardFocus === 'number' && (
              <div data-testid="toward-focus">
                <dt>{t.towardFocus}</dt>
                <dd>{t.towardFocusDays(athlete.plannedTowardFocus)}</dd>
              </div>
            )}
            <div>
              <dt>{t.lastPractice}</dt>
              <dd>
                {athlete.lastPracticeAt ? (
                  <time dateTime={athlete.lastPracticeAt}>{sinceText(athlete.lastPracticeAt, now)}</time>
                ) : (
                  sinceText(null, now)
                )}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="mb-0 text-body-secondary" data-testid="not-shared">
            <span className="fw-semibold text-body">{t.notShared}</span>
            <span className="d-block small">{t.notSharedHint}</span>
          </p>
        )}
      </div>
      <div className="card-footer bg-transparent d-flex flex-wrap align-items-center justify-content-between gap-3">
        <div className="team-board-checkins">
          <CheckinTable checkin={athlete.checkin} />
        </div>
        <Button
          variant="outline-primary"
          size="sm"
          className="team-touch position-relative z-2"
          onClick={onNudge}
          aria-label={t.nudgeLabel(name)}
          data-testid="nudge-one"
        >
          {t.nudge}
        </Button>
      </div>
    </li>
  );
}
