import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { practiceKeys } from '@/lib/practice-keys';
import { flushPractice, type QueuedPractice, type SendOutcome } from '@/lib/practice-queue';

/** Statuses that will never turn into a success by trying again. */
const FINAL = new Set([400, 404, 409, 413, 415, 422]);

/** POST /practice/events with the event's own time and id (a repeat answers the first, 200). */
export async function sendPractice(event: QueuedPractice): Promise<SendOutcome> {
  const body = { kind: event.kind, at: event.at, id: event.id };
  try {
    const { response, error } = await api.POST('/practice/events', { body });
    if (response.ok) return { status: 'sent' };
    if (FINAL.has(response.status)) return { status: 'refused', error: new ApiError(response.status, error) };
    return { status: 'retry' };
  } catch {
    // No network (airplane mode), or the request timed out.
    return { status: 'retry' };
  }
}

/**
 * Sends the practice this member did offline: at start, and whenever the browser is back
 * online. The dashboard's figures are fetched again once something arrived.
 */
export function usePracticeSync(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const flush = () => {
      void flushPractice(userId, sendPractice).then(({ sent }) => {
        if (sent.length > 0) void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
      });
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [userId, queryClient]);
}
