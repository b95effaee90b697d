import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';
import { useAuth } from '@/lib/auth-context';
import { practiceKeys } from '@/lib/practice-keys';
import { enqueuePractice, flushPractice, type PracticeKind } from '@/lib/practice-queue';
import { sendPractice } from '@/lib/practice-sync';
import { toastError } from '@/lib/toast';
import { visionTexts } from '../texts';

/** 'sent': the server has it; 'saved': kept on this device until the network is back. */
export type PracticeRecorded = 'sent' | 'saved';

/**
 * How long the athlete waits for the server before hearing it is saved on the phone: a network
 * that hangs (a weak signal in bed) must not leave the button spinning. The send goes on behind.
 */
const ANSWER_WITHIN_MS = 8000;

/**
 * Records a finished bedtime practice (listening to the vision, the breathing exercise). It is
 * kept on the device first, with the time it happened, and sent from there: in airplane mode it
 * waits and counts once the phone is back online.
 */
export function useRecordPracticeEvent() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  return useMutation({
    // Offline is this mutation's normal case at bedtime: it must not wait for the network.
    networkMode: 'always',
    mutationFn: async (kind: PracticeKind): Promise<PracticeRecorded> => {
      if (!userId) throw new Error(visionTexts.recordFailed);
      const event = enqueuePractice(userId, kind);
      const flushed = flushPractice(userId, sendPractice).then(({ sent, refused }) => {
        const mine = refused.find((r) => r.event.id === event.id);
        if (mine) throw mine.error;
        return sent.some((e) => e.id === event.id) ? 'sent' : 'saved';
      });
      const later = new Promise<PracticeRecorded>((resolve) => window.setTimeout(() => resolve('saved'), ANSWER_WITHIN_MS));
      return Promise.race([flushed, later]);
    },
    onSuccess: (outcome) => {
      if (outcome === 'sent') void queryClient.invalidateQueries({ queryKey: practiceKeys.dashboard });
    },
    onError: (error) =>
      toastError(error instanceof ApiError && error.detail ? error.detail : visionTexts.recordFailed),
  });
}
