import Form from 'react-bootstrap/Form';
import { useShareEntry } from '../api/share-entry';
import type { LogEntry } from '../api/get-daily-logs';
import { logsTexts } from '../texts';

const t = logsTexts.share;

/** "Share with my coach" for one entry: saves at once, and waits while it saves. */
export function ShareWithCoach({ entry }: { entry: LogEntry }) {
  const share = useShareEntry();
  const id = `share-${entry.kind}-${entry.id}`;
  const shared = share.isPending ? (share.variables?.shared ?? entry.sharedWithCoach) : entry.sharedWithCoach;
  return (
    <Form.Check
      type="switch"
      role="switch"
      id={id}
      className="mb-0 small position-relative"
      label={t.label}
      checked={shared}
      disabled={share.isPending}
      aria-busy={share.isPending}
      onChange={(event) => share.mutate({ id: entry.id, shared: event.target.checked })}
      data-testid="share-with-coach"
    />
  );
}
