/** From this hour of the athlete's evening the dashboard invites to tonight's routine. */
export const EVENING_STARTS_AT_HOUR = 18;

/** The hour (0–23) of `now` in `timeZone`; the browser's own zone when that one is unknown. */
export function hourIn(now: Date, timeZone: string): number {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(now);
  try {
    return Number(format(timeZone));
  } catch {
    return Number(format());
  }
}

/** True from 6 pm until midnight in the athlete's time zone. */
export function isEvening(now: Date, timeZone: string): boolean {
  return hourIn(now, timeZone) >= EVENING_STARTS_AT_HOUR;
}
