import { ApiError } from '@/lib/api/errors';
import { isTimeout, UnsuccessfulResponseError } from './retry-policy';
import { billingTexts } from './texts';
import type { SubscriptionSuccessResult } from './api/types';

/** Login query parameters the login screen reads (SPEC §2). */
export const NEW_USER_PARAM = 'swaz_new_user_from_stripe';
export const GENERATED_PASSWORD_PARAM = 'generated_password';
export const RESUBSCRIBED_PARAM = 'resubscribed';

const t = billingTexts.firstFlow;

/** Login address after a successful first flow: prefilled e-mail and, the first time, the generated password. */
export function newUserLoginUrl(result: SubscriptionSuccessResult): string {
  const query = new URLSearchParams();
  if (result.email) query.set(NEW_USER_PARAM, result.email);
  if (result.email && result.generatedPassword) query.set(GENERATED_PASSWORD_PARAM, result.generatedPassword);
  const search = query.toString();
  return search ? `/auth/login?${search}` : '/auth/login';
}

/** SPEC §4/§8: a 409 whose message is 'text|email' means the buyer already had an account. */
export function conflictEmail(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.detail) return null;
  const separator = error.detail.lastIndexOf('|');
  if (separator < 0) return null;
  const email = error.detail.slice(separator + 1).trim();
  return email || null;
}

export function resubscribedLoginUrl(email: string): string {
  const query = new URLSearchParams({ [RESUBSCRIBED_PARAM]: 'true', [NEW_USER_PARAM]: email });
  return `/auth/login?${query}`;
}

/** SPEC §8 texts of the first-flow failures. */
export function firstFlowErrorText(error: unknown): string {
  if (isTimeout(error)) return t.timeout;
  if (error instanceof UnsuccessfulResponseError) return error.message || t.noData;
  if (error instanceof ApiError) return error.detail ?? error.message ?? t.unknown;
  if (error instanceof Error && error.message) return error.message;
  return t.unknown;
}

/** SPEC §7: the success result may come wrapped; the OpenAPI document lists only the plain shape. */
interface Wrapped<T> {
  success: boolean;
  data?: T | null;
  error?: string | null;
}

function isWrapped(body: unknown): body is Wrapped<SubscriptionSuccessResult> {
  return typeof body === 'object' && body !== null && 'success' in body && typeof body.success === 'boolean';
}

/** Accepts both answer shapes of SPEC §7: wrapped {success, data, error} or the data itself. */
export function unwrapSuccessResult(body: unknown): SubscriptionSuccessResult {
  if (isWrapped(body)) {
    if (!body.success || !body.data) throw new UnsuccessfulResponseError(body.error || t.noData);
    return body.data;
  }
  if (typeof body !== 'object' || body === null) throw new UnsuccessfulResponseError(t.noData);
  return body as SubscriptionSuccessResult;
}
