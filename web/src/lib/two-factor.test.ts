import { describe, expect, it } from 'vitest';
import { codeDigits, codeSchema, twoFactorErrorText, twoFactorTexts } from './two-factor';

describe('codeSchema', () => {
  it('accepts six digits, ignoring spaces and dashes', () => {
    expect(codeSchema.parse({ code: '123456' })).toEqual({ code: '123456' });
    expect(codeSchema.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(codeSchema.parse({ code: '123-456' })).toEqual({ code: '123456' });
    expect(codeDigits('012 345')).toBe('012345');
  });

  it('refuses anything else with a plain message', () => {
    for (const code of ['', '12345', '1234567', '12a456']) {
      const result = codeSchema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(twoFactorTexts.codeInvalid);
    }
  });
});

describe('twoFactorErrorText', () => {
  const apiError = (code: string, message: string, status = 422) => ({ name: 'AuthApiError', code, message, status });

  it("says a wrong code did not match, instead of the server's 'Invalid TOTP code entered'", () => {
    expect(twoFactorErrorText(apiError('mfa_verification_failed', 'Invalid TOTP code entered'))).toBe(
      'That code did not match. Check your authenticator app and try again.',
    );
  });

  it('keeps the plain explanation of a reused code', () => {
    const reused = 'This code was already used. Wait for the next one in your authenticator app.';
    expect(twoFactorErrorText(apiError('mfa_verification_failed', reused))).toBe(reused);
  });

  it('explains rate limits, expired challenges, missing factors and a session that needs a code', () => {
    expect(twoFactorErrorText(apiError('over_request_rate_limit', 'Too many requests', 429))).toBe(
      twoFactorTexts.tooManyTries,
    );
    expect(twoFactorErrorText({ status: 429, message: '' })).toBe(twoFactorTexts.tooManyTries);
    expect(twoFactorErrorText(apiError('mfa_challenge_expired', 'MFA challenge x has expired'))).toBe(
      twoFactorTexts.challengeExpired,
    );
    expect(twoFactorErrorText(apiError('mfa_factor_not_found', 'Factor not found', 404))).toBe(
      twoFactorTexts.factorGone,
    );
    expect(twoFactorErrorText(apiError('insufficient_aal', 'AAL2 required to unenroll verified factor'))).toBe(
      twoFactorTexts.needsCode,
    );
  });

  it('tells a network failure apart and falls back to the message or a generic text', () => {
    expect(twoFactorErrorText({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 })).toBe(
      twoFactorTexts.offline,
    );
    expect(twoFactorErrorText(new Error('Something specific'))).toBe('Something specific');
    expect(twoFactorErrorText(new Error(''))).toBe(twoFactorTexts.failed);
    expect(twoFactorErrorText(undefined)).toBe(twoFactorTexts.failed);
  });
});
