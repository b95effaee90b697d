import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { toastSuccess } from '@/lib/toast';
import { accountTexts } from '../texts';
import type { NotificationSettings } from './get-notification-settings';
import { accountKeys } from './keys';

export type NotificationSettingsInput = NonNullable<
  paths['/notificationsettings']['put']['requestBody']
>['content']['application/json'];

export async function updateNotificationSettings(body: NotificationSettingsInput): Promise<NotificationSettings> {
  return unwrap(await api.PUT('/notificationsettings', { body }));
}

/** Saves the settings; the form shows a refusal next to itself rather than in a toast. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.notificationSettings, saved);
      toastSuccess(accountTexts.notifications.saved);
    },
  });
}
