import { describe, expect, it } from 'vitest';
import { capitalise, formatBrand, formatExpiry, formatLongDate, formatMoney } from './format';
import { planLabel } from './plan-name';

describe('formatMoney', () => {
  it('divides minor units by 100 in US-English currency format', () => {
    expect(formatMoney(2900, 'usd')).toBe('$29');
    expect(formatMoney(2850, 'usd')).toBe('$28.50');
    expect(formatMoney(2905, 'usd')).toBe('$29.05');
    expect(formatMoney(199000, 'usd')).toBe('$1,990');
    expect(formatMoney(28900, 'USD')).toBe('$289');
    expect(formatMoney(0, 'usd')).toBe('$0');
    expect(formatMoney(1999, 'eur')).toBe('€19.99');
    expect(formatMoney(1999, 'jpy')).toBe('¥19.99');
  });

  it('writes dollars, euros and pounds exactly as Intl does', () => {
    const amounts = [0, 1, 5, 10, 99, 100, 101, 2850, 99999, 100000, 123456789, 100000000, -1, -2850, -199000];
    for (const currency of ['usd', 'eur', 'gbp']) {
      for (const amount of amounts) {
        const whole = amount % 100 === 0;
        const expected = new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: currency.toUpperCase(),
          minimumFractionDigits: whole ? 0 : 2,
          maximumFractionDigits: 2,
        }).format(amount / 100);
        expect(formatMoney(amount, currency)).toBe(expected);
      }
    }
  });
});

describe('formatLongDate', () => {
  it('shows seconds since the epoch as a long US date', () => {
    // Noon UTC, so every time zone shows the same day.
    expect(formatLongDate(Date.UTC(2026, 10, 23, 12) / 1000)).toBe('November 23, 2026');
    expect(formatLongDate(Date.UTC(2022, 11, 31, 12) / 1000)).toBe('December 31, 2022');
  });
});

describe('status and card text', () => {
  it('capitalises statuses', () => {
    expect(capitalise('active')).toBe('Active');
    expect(capitalise('past_due')).toBe('Past due');
    expect(capitalise('')).toBe('');
  });

  it('formats brand and expiry', () => {
    expect(formatBrand('visa')).toBe('Visa');
    expect(formatBrand('amex')).toBe('American Express');
    expect(formatExpiry(4, 2030)).toBe('04/2030');
  });
});

describe('planLabel', () => {
  it('names the plan from an id or an object', () => {
    expect(planLabel('team')).toBe('Team · Monthly');
    expect(planLabel('solo_yearly')).toBe('Individual · Yearly');
    expect(planLabel({ id: 'solo', name: 'Solo', interval: 'month', amount: 1, currency: 'usd', seats: 1 })).toBe('Solo · Monthly');
    expect(planLabel('unknown')).toBe('unknown');
    expect(planLabel(null)).toBeNull();
  });
});
