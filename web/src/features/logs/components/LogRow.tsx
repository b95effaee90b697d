import { Link } from 'react-router';
import type { LogEntry } from '../api/get-daily-logs';
import { formatLogDay, kindLabel, previewOf } from '../format';

/** One entry of the list: date, kind and a line of what was written, linking to the whole entry. */
export function LogRow({ entry, timeZone }: { entry: LogEntry; timeZone: string }) {
  const daily = entry.kind === 'dailyAction';
  return (
    <Link
      to={`/daily-logs/${encodeURIComponent(entry.id)}`}
      className="list-group-item list-group-item-action py-3"
      data-testid="log-row"
      data-kind={entry.kind}
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
}
