import { Link } from 'react-router';
import type { LogEntry } from '../api/get-daily-logs';
import { formatLogDay, kindLabel, previewOf } from '../format';
import { ShareWithCoach } from './ShareWithCoach';

/**
 * One entry of the list: date, kind and a line of what was written, linking to the whole
 * entry; for an athlete in a team, the switch that shows it to their coach.
 */
export function LogRow({ entry, timeZone, canShare }: { entry: LogEntry; timeZone: string; canShare: boolean }) {
  const daily = entry.kind === 'dailyAction';
  const link = (
    <Link
      to={`/daily-logs/${encodeURIComponent(entry.id)}`}
      className={canShare ? 'd-block text-reset text-decoration-none logs-row-link' : 'list-group-item list-group-item-action py-3'}
      {...(canShare ? {} : { 'data-testid': 'log-row', 'data-kind': entry.kind })}
    >
      <div className="d-flex justify-content-between align-items-center gap-2 mb-1">
        <time className="fw-semibold" dateTime={entry.createdAt}>
          {formatLogDay(entry.createdAt, timeZone)}
        </time>
        <span className={`badge ${daily ? 'text-bg-primary' : 'logs-badge-weekly'}`}>{kindLabel(entry.kind)}</span>
      </div>
      <p className="mb-0 text-truncate text-body-secondary" data-testid="log-preview">
        {previewOf(entry)}
      </p>
    </Link>
  );
  if (!canShare) return link;
  return (
    <div className="list-group-item py-3" data-testid="log-row" data-kind={entry.kind}>
      {link}
      <div className="mt-2">
        <ShareWithCoach entry={entry} />
      </div>
    </div>
  );
}
