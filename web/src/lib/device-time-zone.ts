/** This device's zone, e.g. 'Europe/Paris'; empty on a browser that cannot tell. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}
