/** This device's zone, e.g. 'Europe/Paris'; empty on a browser that cannot tell. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

/** A zone Intl can always format in: the device's, or UTC on a device that reports none. */
export function deviceTimeZoneOrUtc(): string {
  return deviceTimeZone() || 'UTC';
}
