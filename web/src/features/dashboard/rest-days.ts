/** `YYYY-MM-DD` `n` days after `date`, counted on the calendar (no zone can shift it). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n));
  return at.toISOString().slice(0, 10);
}
