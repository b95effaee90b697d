import type { Session } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { assuranceOf, needsSecondFactor } from './assurance';

function base64url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function session(claims: Record<string, unknown>, factors?: { status: 'verified' | 'unverified' }[]): Session {
  const token = `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(claims))}.signature`;
  return {
    access_token: token,
    user: { factors: factors?.map((f, i) => ({ id: `f${i}`, factor_type: 'totp', ...f })) },
  } as unknown as Session;
}

describe('assuranceOf', () => {
  it('reads aal from the token and offers aal2 when a factor is verified', () => {
    expect(assuranceOf(session({ aal: 'aal1' }, [{ status: 'verified' }]))).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(assuranceOf(session({ aal: 'aal2' }, [{ status: 'verified' }]))).toEqual({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
  });

  it('keeps the current level when no factor is verified', () => {
    expect(assuranceOf(session({ aal: 'aal1' }))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect(assuranceOf(session({ aal: 'aal1' }, [{ status: 'unverified' }]))).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
  });

  it('answers no level without a session or a readable token', () => {
    expect(assuranceOf(null)).toEqual({ currentLevel: null, nextLevel: null });
    const broken = { access_token: 'not-a-jwt', user: {} } as unknown as Session;
    expect(assuranceOf(broken)).toEqual({ currentLevel: null, nextLevel: null });
  });

  it('decodes a payload with non-ASCII text and base64url characters', () => {
    const claims = { aal: 'aal1', email: 'zoë@example.com', pad: '??>>' };
    expect(assuranceOf(session(claims)).currentLevel).toBe('aal1');
  });
});

describe('needsSecondFactor', () => {
  it('is true only for a password session of a member with a verified factor', () => {
    expect(needsSecondFactor(session({ aal: 'aal1' }, [{ status: 'verified' }]))).toBe(true);
    expect(needsSecondFactor(session({ aal: 'aal2' }, [{ status: 'verified' }]))).toBe(false);
    expect(needsSecondFactor(session({ aal: 'aal1' }, [{ status: 'unverified' }]))).toBe(false);
    expect(needsSecondFactor(session({ aal: 'aal1' }))).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });
});
