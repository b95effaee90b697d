import { deviceTimeZoneOrUtc } from '@/lib/device-time-zone';
import { countdownTexts } from './texts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time left until the call as words: 'in 2 days 3 hours', 'in 3 hours 12 minutes',
 * 'in 5 minutes'; 'live now' while the call runs and 'just ended' after it (until the next one is fetched). Two units at most, rounded down.
 */
export function countdownText(startsAt: Date, durationMinutes: number, now: Date): string {
  const left = startsAt.getTime() - now.getTime();
  if (left <= 0) {
    return -left < durationMinutes * MINUTE ? countdownTexts.live : countdownTexts.ended;
  }
  if (left < MINUTE) return countdownTexts.soon;
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const parts: string[] = [];
  if (days > 0) {
    parts.push(countdownTexts.unit(days, 'day'));
    if (hours > 0) parts.push(countdownTexts.unit(hours, 'hour'));
  } else if (hours > 0) {
    parts.push(countdownTexts.unit(hours, 'hour'));
    if (minutes > 0) parts.push(countdownTexts.unit(minutes, 'minute'));
  } else {
    parts.push(countdownTexts.unit(minutes, 'minute'));
  }
  return countdownTexts.in(parts);
}

/** True once the call has started and until it ends. */
export function isLive(startsAt: Date, durationMinutes: number, now: Date): boolean {
  const t = now.getTime() - startsAt.getTime();
  return t >= 0 && t < durationMinutes * MINUTE;
}

/**
 * The call's start in the viewer's zone, e.g. 'Tuesday, November 24 at 8:00 PM PST'.
 * Built from parts so the wording does not depend on the ICU version's joining words.
 */
export function formatCallTime(startsAt: Date, timeZone = deviceTimeZoneOrUtc()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(startsAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('month')} ${part('day')} at ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}
