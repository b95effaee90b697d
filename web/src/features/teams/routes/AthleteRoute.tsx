import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { LogEntryAnswers } from '@/components/ui/LogEntryAnswers';
import { Spinner } from '@/components/ui/Spinner';
import { PracticeCalendar } from '@/components/ui/PracticeCalendar';
import { kindLabel } from '@/lib/log-entry';
import { useAthlete } from '../api/get-athlete';
import { sinceText, type AthleteDetail } from '../board';
import { FlagBadges } from '../components/FlagBadges';
import { displayName } from '../team';
import { teamTexts } from '../texts';

const t = teamTexts.athlete;
const b = teamTexts.board;

const entryDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });

/** /account/team-config/athletes/:userId: one athlete as their coach sees them. */
export function AthleteRoute() {
  const { userId = '' } = useParams();
  const athlete = useAthlete(userId);
  const [now] = useState(() => new Date());

  let body;
  if (athlete.isPending) {
    body = <Spinner label={t.loading} />;
  } else if (athlete.isError) {
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <span>{t.loadFailed}</span>
        <Button variant="outline-danger" onClick={() => void athlete.refetch()} disabled={athlete.isFetching}>
          {teamTexts.retry}
        </Button>
      </Alert>
    );
  } else if (athlete.data === null) {
    body = (
      <div className="py-4">
        <h2 className="h4">{t.notFound}</h2>
        <p className="text-body-secondary">{t.notFoundBody}</p>
      </div>
    );
  } else {
    body = <AthleteScreen athlete={athlete.data} now={now} />;
  }

  return (
    <div className="team-athlete">
      <Link to="/account/team-config/board" className="d-inline-block mb-3">
        ← {t.back}
      </Link>
      {body}
    </div>
  );
}

function AthleteScreen({ athlete, now }: { athlete: AthleteDetail; now: Date }) {
  const practice = athlete.practice;
  return (
    <article aria-labelledby="athlete-name">
      <header className="mb-4">
        <h2 className="h3 mb-2" id="athlete-name">
          {displayName(athlete, teamTexts.members.unknown)}
        </h2>
        <FlagBadges flags={athlete.flags} />
      </header>

      <section className="mb-4" aria-labelledby="athlete-practice">
        <h3 className="h5" id="athlete-practice">
          {t.practiceHeading}
        </h3>
        {practice ? (
          <>
            <dl className="team-board-figures mb-4" data-testid="athlete-figures">
              <div>
                <dt>{b.days7}</dt>
                <dd>{b.daysOf(practice.practiceDays7, 7)}</dd>
              </div>
              <div>
                <dt>{b.days28}</dt>
                <dd>{b.daysOf(practice.practiceDays28, 28)}</dd>
              </div>
              <div>
                <dt>{b.streak}</dt>
                <dd>{b.streakDays(practice.streakDays)}</dd>
              </div>
              <div>
                <dt>{b.lastPractice}</dt>
                <dd>{sinceText(practice.lastPracticeAt, now)}</dd>
              </div>
            </dl>
            <div className="row g-3">
              <div className="col-12 col-lg-8">
                <Card className="h-100 shadow-sm" as="section" aria-labelledby="athlete-calendar-heading">
                  <Card.Body>
                    <h4 className="h6 mb-3" id="athlete-calendar-heading">
                      {t.calendarHeading}
                    </h4>
                    <PracticeCalendar
                      days={practice.calendar}
                      summary={t.calendarSummary}
                      cellLabel={t.calendarCell}
                      less={t.less}
                      more={t.more}
                      testId="athlete-calendar"
                    />
                  </Card.Body>
                </Card>
              </div>
              <div className="col-12 col-lg-4">
                <Card className="h-100 shadow-sm" as="section" aria-labelledby="athlete-today-heading">
                  <Card.Body>
                    <h4 className="h6 mb-3" id="athlete-today-heading">
                      {t.todayHeading}
                    </h4>
                    <ul className="list-unstyled mb-0" data-testid="athlete-today">
                      {(['visionListened', 'breathingDone', 'dailyActionSaved'] as const).map((key) => {
                        const done = practice.today[key];
                        return (
                          <li key={key} className="d-flex justify-content-between gap-2 py-1">
                            <span>
                              <span aria-hidden="true" className={done ? 'text-success' : 'text-body-secondary'}>
                                {done ? '✓' : '○'}{' '}
                              </span>
                              {t.checklist[key]}
                            </span>
                            <span className={done ? 'fw-semibold' : 'text-body-secondary'}>
                              {done ? t.done : t.notYet}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  </Card.Body>
                </Card>
              </div>
            </div>
          </>
        ) : (
          <p className="text-body-secondary" data-testid="not-shared">
            {t.notShared}
          </p>
        )}
      </section>

      <section aria-labelledby="athlete-entries">
        <h3 className="h5" id="athlete-entries">
          {t.entriesHeading}
        </h3>
        {athlete.sharedEntries.length === 0 ? (
          <p className="text-body-secondary">{t.noEntries}</p>
        ) : (
          athlete.sharedEntries.map((entry) => (
            <article key={`${entry.kind}-${entry.id}`} className="mb-4" data-testid="shared-entry">
              <h4 className="h6 mt-3 mb-2">
                {kindLabel(entry.kind)} · <time dateTime={entry.createdAt}>{entryDate.format(new Date(entry.createdAt))}</time>
              </h4>
              <LogEntryAnswers entry={entry} headingLevel="h5" />
            </article>
          ))
        )}
      </section>
    </article>
  );
}
