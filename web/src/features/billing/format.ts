/**
 * The symbols US English writes before an amount. A page's first `Intl.NumberFormat` loads the
 * ICU number data, a long task of tens of milliseconds on a phone right when the plans page shows
 * its prices; these currencies are written by hand, exactly as `Intl` writes them (the test holds
 * the two together), and any other currency goes through `Intl`.
 */
const PREFIX_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * SPEC §9: amounts are minor units divided by 100, in US-English currency format; whole amounts
 * without cents ('$29', but '$28.50').
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  const whole = minorUnits % 100 === 0;
  const symbol = PREFIX_SYMBOLS[code];
  if (symbol !== undefined && Number.isSafeInteger(minorUnits)) {
    const abs = Math.abs(minorUnits);
    const units = groupThousands(String(Math.trunc(abs / 100)));
    const cents = whole ? '' : `.${String(abs % 100).padStart(2, '0')}`;
    return `${minorUnits < 0 ? '-' : ''}${symbol}${units}${cents}`;
  }
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minorUnits / 100);
}

/** SPEC §9: dates in long format, e.g. 'November 23, 2026'. Takes seconds since the epoch. */
export function formatLongDate(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleDateString('en-US', { dateStyle: 'long' });
}

/** SPEC §2/§4: statuses are shown capitalised ('past_due' → 'Past due'). */
export function capitalise(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Expiry as MM/YYYY. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/** 'visa' → 'Visa', 'mastercard' → 'Mastercard', 'amex' → 'American Express'. */
export function formatBrand(brand: string): string {
  const known: Record<string, string> = { amex: 'American Express', diners: 'Diners Club', unionpay: 'UnionPay' };
  return known[brand.toLowerCase()] ?? capitalise(brand);
}
