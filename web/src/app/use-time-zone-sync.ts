import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { updateTimeZone } from '@/features/account/api/update-time-zone';
import { deviceTimeZone } from '@/lib/device-time-zone';
import { profileKey, type SwazProfile } from '@/lib/queries/profile';
import { readAgainInNewZone } from './read-again-in-new-zone';

/**
 * Stores the browser's time zone once per signed-in user whose profile has none yet, so the
 * streak, calendar and check-ins count the athlete's own days; the dashboard and check-ins are
 * then read again. Silent: a failure is tried again at the next session.
 */
export function useTimeZoneSync(userId: string | undefined, profile: SwazProfile | undefined) {
  const queryClient = useQueryClient();
  const sentFor = useRef<string | null>(null);
  const { mutate } = useMutation({
    mutationFn: updateTimeZone,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKey, saved);
      await readAgainInNewZone(queryClient);
    },
  });

  useEffect(() => {
    if (!userId || !profile || profile.timeZone) return;
    if (sentFor.current === userId) return;
    const zone = deviceTimeZone();
    if (!zone) return;
    sentFor.current = userId;
    mutate(zone);
  }, [userId, profile, mutate]);
}
