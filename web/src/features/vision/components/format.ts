/** SPEC §9: dates in long format, US English (e.g. 'March 5, 2025 at 9:30 PM'). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}
