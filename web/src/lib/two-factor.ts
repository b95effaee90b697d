import { z } from 'zod';

/** Texts shared by the sign-in code step and the account's two-factor section. */
export const twoFactorTexts = {
  codeLabel: '6-digit code',
  codeInvalid: 'Enter the 6 digits your authenticator app shows.',
  wrongCode: 'That code did not match. Check your authenticator app and try again.',
  tooManyTries: 'Too many tries. Wait a few minutes, then try again.',
  challengeExpired: 'That took too long. Enter the code your authenticator app shows now.',
  factorGone: 'Two-factor sign-in was changed in another window. Reload the page and try again.',
  needsCode: 'For your safety this needs a fresh sign-in: log out, log in with a code from your authenticator app, then try again.',
  offline: 'SWAZ could not be reached. Check your connection and try again.',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The digits of a typed or pasted code ('123 456' → '123456'). */
export function codeDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The code form: six digits, spaces and dashes ignored. */
export const codeSchema = z.object({
  code: z
    .string()
    .transform(codeDigits)
    .refine((code) => /^\d{6}$/.test(code), twoFactorTexts.codeInvalid),
});
export type CodeInput = z.input<typeof codeSchema>;
export type CodeValues = z.output<typeof codeSchema>;

/** What the identity service's refusals of a factor call mean, in plain words. */
export function twoFactorErrorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return twoFactorTexts.failed;
  const { code, status, message, name } = error as { code?: unknown; status?: unknown; message?: unknown; name?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (code === 'mfa_verification_failed') {
    // 'Invalid TOTP code entered'; a reused code comes with its own plain explanation.
    return text && !/invalid totp code/i.test(text) ? text : twoFactorTexts.wrongCode;
  }
  if (code === 'over_request_rate_limit' || status === 429) return twoFactorTexts.tooManyTries;
  if (code === 'mfa_challenge_expired') return twoFactorTexts.challengeExpired;
  if (code === 'mfa_factor_not_found') return twoFactorTexts.factorGone;
  if (code === 'insufficient_aal') return twoFactorTexts.needsCode;
  if (name === 'AuthRetryableFetchError' || (name === 'TypeError' && /fetch/i.test(text))) return twoFactorTexts.offline;
  return text || twoFactorTexts.failed;
}
