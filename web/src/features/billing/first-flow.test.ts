import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { conflictEmail, firstFlowErrorText, newUserLoginUrl, resubscribedLoginUrl, unwrapSuccessResult } from './first-flow';
import { UnsuccessfulResponseError } from './retry-policy';

describe('first-flow redirects', () => {
  it('sends a new user to login with e-mail and generated password', () => {
    expect(newUserLoginUrl({ email: 'ann@example.com', generatedPassword: 'Gen-123 x' })).toBe(
      '/auth/login?swaz_new_user_from_stripe=ann%40example.com&generated_password=Gen-123+x',
    );
  });

  it('leaves the password out when the server no longer returns it', () => {
    expect(newUserLoginUrl({ email: 'ann@example.com', generatedPassword: null })).toBe(
      '/auth/login?swaz_new_user_from_stripe=ann%40example.com',
    );
  });

  it('reads the e-mail after the separator of a 409', () => {
    const error = new ApiError(409, { code: 'conflict', message: 'An account already exists for this email|ann@example.com' });
    expect(conflictEmail(error)).toBe('ann@example.com');
    expect(conflictEmail(new ApiError(409, { code: 'conflict', message: 'no separator' }))).toBeNull();
    expect(conflictEmail(new ApiError(400, { code: 'x', message: 'a|b@example.com' }))).toBeNull();
    expect(resubscribedLoginUrl('ann@example.com')).toBe(
      '/auth/login?resubscribed=true&swaz_new_user_from_stripe=ann%40example.com',
    );
  });
});

describe('first-flow answers and errors', () => {
  it('accepts both answer shapes', () => {
    expect(unwrapSuccessResult({ email: 'a@b.co', generatedPassword: 'x' })).toEqual({ email: 'a@b.co', generatedPassword: 'x' });
    expect(unwrapSuccessResult({ success: true, data: { email: 'a@b.co' }, error: null })).toEqual({ email: 'a@b.co' });
    expect(() => unwrapSuccessResult({ success: false, error: 'Session not paid' })).toThrow('Session not paid');
    expect(() => unwrapSuccessResult({ success: false })).toThrow('Failed to process subscription - no data returned');
  });

  it('uses the SPEC §8 texts', () => {
    expect(firstFlowErrorText(new DOMException('signal timed out', 'TimeoutError'))).toBe(
      'Request timeout - subscription processing is taking longer than expected',
    );
    expect(firstFlowErrorText(new UnsuccessfulResponseError('Server said no'))).toBe('Server said no');
    expect(firstFlowErrorText(new ApiError(400, { code: 'unpaid', message: 'The checkout is not paid.' }))).toBe(
      'The checkout is not paid.',
    );
    expect(firstFlowErrorText(new Error('boom'))).toBe('boom');
    expect(firstFlowErrorText(undefined)).toBe('Unknown error occurred');
  });
});
