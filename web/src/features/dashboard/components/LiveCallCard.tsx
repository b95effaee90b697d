import Card from 'react-bootstrap/Card';
import type { Dashboard } from '../api/get-dashboard';
import { deviceTimeZoneOrUtc } from '@/lib/device-time-zone';
import { countdownText, formatCallTime, isLive } from '../live-call';
import { dashboardTexts } from '../texts';
import { useNow } from './use-now';

const t = dashboardTexts.liveCall;

/** Public iCalendar file of the weekly call (served by the API, not by the app). */
const ICS_URL = '/_api/v1/livecall.ics';

/**
 * The weekly call in the viewer's own zone, with a countdown renewed every minute: during its
 * hour the server sends the call on now (`live`), shown "Live now" with "Join now".
 */
export function LiveCallCard({ call }: { call: Dashboard['nextLiveCall'] }) {
  const now = useNow();
  const startsAt = new Date(call.startsAt);
  const live = isLive(startsAt, call.durationMinutes, now);
  const countdown = countdownText(startsAt, call.durationMinutes, now);
  const label = startsAt > now ? t.startsIn(countdown) : countdown.charAt(0).toUpperCase() + countdown.slice(1);
  return (
    <Card className="h-100 shadow-sm dashboard-live" as="section" aria-labelledby="live-call-heading">
      <Card.Body className="d-flex flex-column justify-content-center">
        <h2 id="live-call-heading" className="h5 mb-1">
          {t.heading}
        </h2>
        <p className="small dashboard-live-muted mb-3">{t.lead}</p>
        <p className="fs-5 fw-semibold mb-1" data-testid="live-call-time">
          <time dateTime={call.startsAt}>{formatCallTime(startsAt)}</time>
        </p>
        <p className="mb-2" aria-live="polite" data-testid="live-call-countdown">
          <span className={`badge ${live ? 'text-bg-danger' : 'dashboard-live-badge'}`}>
            {label}
          </span>
          <span className="ms-2 small dashboard-live-muted">{t.duration(call.durationMinutes)}</span>
        </p>
        <p className="small dashboard-live-muted mb-3">{t.yourZone(deviceTimeZoneOrUtc())}</p>
        <div className="d-flex flex-wrap gap-2">
          <a href={call.joinUrl} target="_blank" rel="noopener noreferrer" className="btn btn-warning fw-semibold">
            {live ? t.joinNow : t.join}
          </a>
          <a href={ICS_URL} className="btn btn-outline-light" download>
            {t.addToCalendar}
          </a>
        </div>
      </Card.Body>
    </Card>
  );
}
