import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';
import { useProfile } from '@/lib/queries/profile';
import { useDailyLogs } from '../api/get-daily-logs';
import { LoadMoreSentinel } from '../components/LoadMoreSentinel';
import { LogRow } from '../components/LogRow';
import { useAthleteTimeZone } from '../components/use-athlete-time-zone';
import { logsTexts as t } from '../texts';

/** /daily-logs: daily actions and weekly maps, newest first, more pages on scroll. */
export function LogsRoute() {
  const logs = useDailyLogs();
  const timeZone = useAthleteTimeZone();
  const profile = useProfile();
  // An athlete of a team may show an entry to its coaches; the coach has no one to show it to.
  const canShare = Boolean(profile.data?.team && profile.data.team.teamRole !== 'admin');
  const entries = logs.data?.pages.flatMap((page) => page.entries) ?? [];

  const loadMore = () => {
    if (logs.hasNextPage && !logs.isFetchingNextPage && !logs.isFetchNextPageError) void logs.fetchNextPage();
  };

  let body;
  if (logs.isPending) {
    body = <Spinner label={t.loading} />;
  } else if (logs.isError && entries.length === 0) {
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <span>{t.loadFailed}</span>
        <Button variant="outline-danger" onClick={() => void logs.refetch()} disabled={logs.isFetching}>
          {t.retry}
        </Button>
      </Alert>
    );
  } else if (entries.length === 0) {
    body = (
      <div className="text-center py-5 border rounded-3 bg-body-tertiary px-3">
        <h2 className="h4">{t.empty.heading}</h2>
        <p className="text-body-secondary mx-auto logs-empty-body">{t.empty.body}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link to="/daily-action-welcome" className="btn btn-primary">
            {t.empty.planDay}
          </Link>
          <Link to="/weekly-map-welcome" className="btn btn-outline-primary">
            {t.empty.planWeek}
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <>
        <div className="list-group shadow-sm" data-testid="log-list">
          {entries.map((entry) => (
            <LogRow key={`${entry.kind}-${entry.id}`} entry={entry} timeZone={timeZone} canShare={canShare} />
          ))}
        </div>
        {logs.hasNextPage ? (
          <>
            <LoadMoreSentinel onVisible={loadMore} disabled={logs.isFetchingNextPage || logs.isFetchNextPageError} />
            {logs.isFetchNextPageError && (
              <Alert variant="danger" className="mt-3 mb-0">
                {t.loadFailed}
              </Alert>
            )}
            <div className="text-center mt-3">
              <Button
                variant="outline-primary"
                onClick={() => void logs.fetchNextPage()}
                disabled={logs.isFetchingNextPage}
              >
                {logs.isFetchingNextPage ? t.loadingMore : t.loadMore}
              </Button>
            </div>
          </>
        ) : (
          <p className="text-center text-body-secondary small mt-3 mb-0">{t.end}</p>
        )}
      </>
    );
  }

  return (
    <Container className="py-4 py-md-5 logs">
      <h1 className="mb-1">{t.title}</h1>
      <p className="lead text-body-secondary mb-4">{t.lead}</p>
      {body}
    </Container>
  );
}
