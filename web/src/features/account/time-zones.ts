import { deviceTimeZone } from '@/lib/device-time-zone';

/** Every zone the browser knows, with the stored one, this device's and UTC first when missing. */
export function zoneNames(current: string | null | undefined): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  const extra = [current, deviceTimeZone(), 'UTC'].filter(
    (zone, i, all): zone is string => Boolean(zone) && !names.includes(zone as string) && all.indexOf(zone) === i,
  );
  return [...extra, ...names];
}
