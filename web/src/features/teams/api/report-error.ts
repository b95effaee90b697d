import { ApiError } from '@/lib/api/errors';
import { errorText, QUICK_TOAST, toastError } from '@/lib/toast';

/**
 * A failed team action: logged (SPEC §8), and the server's message shown in a
 * toast that closes after 1400 ms (SPEC §9), so the coach knows what to fix.
 */
export function reportTeamError(error: unknown, fallback: string) {
  console.error(fallback, error);
  toastError(error instanceof ApiError && error.detail ? error.detail : errorText(error, fallback), QUICK_TOAST);
}
