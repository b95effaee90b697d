import { ApiError } from '@/lib/api/errors';
import { visionTexts as t } from '../texts';

/**
 * What the athlete reads when saving or deleting the recording failed: too long (413), no
 * network, or the server's own words (a lapsed membership, say).
 */
export function recordingErrorText(error: unknown, fallback: string, online = navigator.onLine): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return t.recordingTooLong;
    return error.detail ?? fallback;
  }
  // fetch rejects with a TypeError when the request never got an answer.
  if (!online || error instanceof TypeError) return t.recordingOffline;
  return fallback;
}
