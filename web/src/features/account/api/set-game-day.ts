import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { errorText, toastError, toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';
import type { NotificationSettings } from './get-notification-settings';
import { accountKeys } from './keys';

export async function setGameDay(gameDay: boolean): Promise<NotificationSettings> {
  return unwrap(await api.PUT('/notificationsettings/gameday', { body: { gameDay } }));
}

/** Game day silences every reminder until the end of today in the athlete's zone. */
export function useSetGameDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGameDay,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.notificationSettings, saved);
      toastSuccess(saved.gameDay ? accountTexts.notifications.gameDayOn : accountTexts.notifications.gameDayOff);
    },
    onError: (error) => toastError(errorText(error, accountTexts.notifications.saveFailed)),
  });
}
