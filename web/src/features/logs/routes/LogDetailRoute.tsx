import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { LogEntryAnswers } from '@/components/ui/LogEntryAnswers';
import { Spinner } from '@/components/ui/Spinner';
import { useDailyLog } from '../api/get-daily-log';
import { useAthleteTimeZone } from '../components/use-athlete-time-zone';
import { formatLogDateTime, isFirstMap, kindLabel } from '../format';
import { logsTexts as t } from '../texts';

function BackLink() {
  return (
    <Link to="/daily-logs" className="d-inline-block mb-3">
      ← {t.back}
    </Link>
  );
}

/** /daily-logs/:id: every answer of one daily action or weekly map. */
export function LogDetailRoute() {
  const { id = '' } = useParams();
  const entry = useDailyLog(id);
  const timeZone = useAthleteTimeZone();

  let body;
  if (entry.isPending) {
    body = <Spinner label={t.loading} />;
  } else if (entry.isError) {
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <span>{t.entryLoadFailed}</span>
        <Button variant="outline-danger" onClick={() => void entry.refetch()} disabled={entry.isFetching}>
          {t.retry}
        </Button>
      </Alert>
    );
  } else if (entry.data === null) {
    body = (
      <div className="text-center py-5 border rounded-3 bg-body-tertiary px-3">
        <h1 className="h3">{t.notFound}</h1>
        <p className="text-body-secondary">{t.notFoundBody}</p>
        <Link to="/daily-logs" className="btn btn-primary">
          {t.back}
        </Link>
      </div>
    );
  } else {
    const log = entry.data;
    body = (
      <article>
        <header className="mb-4">
          <span className={`badge mb-2 ${log.kind === 'dailyAction' ? 'text-bg-primary' : 'logs-badge-weekly'}`}>
            {kindLabel(log.kind)}
          </span>
          <h1 className="h2 mb-1">{formatLogDateTime(log.createdAt, timeZone)}</h1>
          {isFirstMap(log) && <p className="text-body-secondary mb-0">{t.firstMapNote}</p>}
        </header>
        <LogEntryAnswers entry={log} />
      </article>
    );
  }

  return (
    <Container className="py-4 py-md-5 logs-detail">
      <BackLink />
      {body}
    </Container>
  );
}
