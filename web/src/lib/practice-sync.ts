import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { practiceKeys } from '@/lib/practice-keys';
import type { components } from '@/lib/api/schema';
import { flushPractice, type QueuedPractice, type SendOutcome } from '@/lib/practice-queue';

type DailyActionBody = components['schemas']['DailyActionBody'];

/** Statuses that will never turn into a success by trying again (403: no membership to save with). */
const FINAL = new Set([400, 403, 404, 409, 413, 415, 422]);

/** Sends one queued practice: a daily action with its key, or a practice event. */
function post(event: QueuedPractice) {
  if (event.kind === 'daily_action_saved' && event.dailyAction) {
    const body = { ...event.dailyAction, at: event.at } as DailyActionBody;
    return api.POST('/userinput/dailyaction', { body, params: { header: { 'Idempotency-Key': event.id } } });
  }
  return api.POST('/practice/events', { body: { kind: event.kind, at: event.at, id: event.id } });
}

/**
 * POST with the event's own time and id: a repeat answers the first (200) instead of counting
 * twice, for a daily action through its Idempotency-Key.
 */
export async function sendPractice(event: QueuedPractice): Promise<SendOutcome> {
  try {
    const { response, error } = await post(event);
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
        if (sent.some((e) => e.kind === 'daily_action_saved')) void queryClient.invalidateQueries();
        else if (sent.length > 0) void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
      });
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [userId, queryClient]);
}
