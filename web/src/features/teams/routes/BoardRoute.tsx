import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api/errors';
import { useBoard } from '../api/get-board';
import type { Board, Share } from '../board';
import { displayName } from '../team';
import { BoardRow } from '../components/BoardRow';
import { FocusEditor } from '../components/FocusEditor';
import { NudgeDialog, type NudgeTarget } from '../components/NudgeDialog';
import { TeamTabs } from '../components/TeamTabs';
import { teamTexts } from '../texts';

const t = teamTexts.board;

/** /account/team-config/board: the coach board (team admins). */
export function BoardRoute() {
  const board = useBoard();
  const [now] = useState(() => new Date());

  let body;
  if (board.isPending) {
    body = <Spinner label={t.loading} />;
  } else if (board.isError) {
    const status = board.error instanceof ApiError ? board.error.status : 0;
    body =
      status === 403 || status === 404 ? (
        <Alert variant="info">{status === 403 ? t.adminsOnly : teamTexts.noTeam.body}</Alert>
      ) : (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
          <span>{t.loadFailed}</span>
          <Button variant="outline-danger" onClick={() => void board.refetch()} disabled={board.isFetching}>
            {teamTexts.retry}
          </Button>
        </Alert>
      );
  } else {
    body = <BoardScreen board={board.data} now={now} />;
  }

  return (
    <section aria-labelledby="team-title">
      <h2 className="h4 mb-3" id="team-title">
        {teamTexts.teamTitle}
      </h2>
      <TeamTabs />
      {body}
    </section>
  );
}

function BoardScreen({ board, now }: { board: Board; now: Date }) {
  const hidden = board.athletes.filter((athlete) => !athlete.sharing.practice).length;
  const withFocus = Boolean(board.focus.text);
  const [nudging, setNudging] = useState<NudgeTarget | null>(null);
  const [showNudge, setShowNudge] = useState(false);
  const nudge = (target: NudgeTarget) => {
    setNudging(target);
    setShowNudge(true);
  };
  return (
    <>
      <FocusEditor focus={board.focus} />
      <div className={`row g-3 ${hidden > 0 ? 'mb-2' : 'mb-4'}`} data-testid="board-shares">
        <ShareCard
          className={withFocus ? 'col-6 col-md-4' : 'col-6'}
          share={board.practisedToday}
          text={t.practisedToday}
          testId="practised-today"
        />
        <ShareCard
          className={withFocus ? 'col-6 col-md-4' : 'col-6'}
          share={board.practisedThisWeek}
          text={t.practisedThisWeek}
          testId="practised-week"
        />
        {withFocus && (
          <ShareCard
            className="col-12 col-md-4"
            share={board.plannedTowardFocus}
            text={t.plannedTowardFocus}
            testId="planned-toward-focus"
          />
        )}
      </div>
      {hidden > 0 && (
        <p className="small text-body-secondary mb-4" data-testid="not-counted">
          {t.notCounted(hidden)}
        </p>
      )}
      {board.athletes.length > 0 && (
        <div className="mb-4">
          <Button
            variant="primary"
            className="team-touch w-100 w-md-auto"
            onClick={() => nudge({ userId: null, name: '' })}
            data-testid="nudge-everyone"
          >
            {teamTexts.nudge.everyone}
          </Button>
        </div>
      )}

      <h3 className="h5 mb-1">{t.athletesHeading}</h3>
      {board.athletes.length === 0 ? (
        <p className="text-body-secondary">{t.noAthletes}</p>
      ) : (
        <>
          <p className="text-body-secondary small mb-3">{t.athletesLead}</p>
          <ul className="list-unstyled team-board-list" data-testid="board">
            {board.athletes.map((athlete) => (
              <BoardRow
                key={athlete.userId}
                athlete={athlete}
                now={now}
                onNudge={() =>
                  nudge({ userId: athlete.userId, name: displayName(athlete, teamTexts.members.unknown) })
                }
              />
            ))}
          </ul>
        </>
      )}
      <NudgeDialog target={nudging} show={showNudge} onClose={() => setShowNudge(false)} />
    </>
  );
}

/** One share of the team ("2 of 3 athletes practised today"), big figures for a glance. */
function ShareCard({
  className,
  share,
  text,
  testId,
}: {
  className: string;
  share: Share;
  text: (n: number, of: number) => string;
  testId: string;
}) {
  return (
    <div className={className}>
      <Card className="h-100 shadow-sm">
        <Card.Body>
          <p className="mb-0" data-testid={testId}>
            <span className="team-share d-block" aria-hidden="true">
              {share.athletes}/{share.of}
            </span>
            <span className="small">{text(share.athletes, share.of)}</span>
          </p>
        </Card.Body>
      </Card>
    </div>
  );
}
