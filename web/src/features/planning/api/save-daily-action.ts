import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { useAuth } from '@/lib/auth-context';
import { enqueuePractice, flushPractice, pendingPractice } from '@/lib/practice-queue';
import { sendPractice } from '@/lib/practice-sync';
import type { DailyActionBody, DailyActionEntry } from '../wizard';
import { invalidateAfterSave } from './invalidate';

/** A daily action to save, with the Idempotency-Key of its draft. */
export interface DailyActionDraft {
  body: DailyActionBody;
  key: string;
}

/** The saved entry; `onDevice` when it waits on this phone for the network. */
export interface DailyActionSaved {
  entry: DailyActionEntry;
  onDevice: boolean;
}

/**
 * How long the athlete waits for the server before hearing the daily action is kept on the
 * phone: a network that hangs must not leave Save spinning. With the draft's key, the request
 * still under way and the one sent later from the phone make one entry.
 */
const ANSWER_WITHIN_MS = 8000;

export async function saveDailyAction({ body, key }: DailyActionDraft): Promise<DailyActionEntry> {
  return unwrap(await api.POST('/userinput/dailyaction', { body, params: { header: { 'Idempotency-Key': key } } }));
}

/** Whether the daily action `id` still waits on this phone to be sent. */
export function waitsOnDevice(userId: string | undefined, id: string): boolean {
  return Boolean(userId) && pendingPractice(userId ?? '').some((e) => e.id === id);
}

/**
 * Saves a daily action. Without a network (or one that hangs) it is kept on the phone and sent
 * when the network returns, counted on the day it was written; an answer from the server (a
 * refusal, an ended membership) is shown in the wizard, which keeps the answers.
 */
export function useSaveDailyAction() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  return useMutation({
    networkMode: 'always',
    mutationFn: async (draft: DailyActionDraft): Promise<DailyActionSaved> => {
      const keep = (): DailyActionSaved => {
        if (!userId) throw new Error('Sign in again to save your daily action.');
        const kept = enqueuePractice(userId, 'daily_action_saved', {
          newId: () => draft.key,
          dailyAction: { ...draft.body },
        });
        void flushPractice(userId, sendPractice);
        const entry = { ...draft.body, towardFocus: Boolean(draft.body.towardFocus), id: kept.id, createdAt: kept.at };
        return { entry: entry as DailyActionEntry, onDevice: true };
      };
      if (!navigator.onLine) return keep();
      try {
        const answered = await Promise.race([
          saveDailyAction(draft),
          new Promise<null>((resolve) => window.setTimeout(() => resolve(null), ANSWER_WITHIN_MS)),
        ]);
        return answered ? { entry: answered, onDevice: false } : keep();
      } catch (error) {
        // The server answered: the wizard shows why. No answer at all: keep it on the phone.
        if (error instanceof ApiError) throw error;
        return keep();
      }
    },
    onSuccess: ({ onDevice }) => {
      if (!onDevice) void invalidateAfterSave(queryClient);
    },
  });
}
