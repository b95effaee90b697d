import { describe, expect, it } from 'vitest';
import { addDays } from './rest-days';

describe('addDays', () => {
  it('counts calendar days across months and years', () => {
    expect(addDays('2026-11-26', 84)).toBe('2027-02-18');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
