import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { accountKeys } from './keys';

export type NotificationSettings =
  paths['/notificationsettings']['get']['responses'][200]['content']['application/json'];

export async function getNotificationSettings(): Promise<NotificationSettings> {
  return unwrap(await api.GET('/notificationsettings'));
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: accountKeys.notificationSettings,
  queryFn: getNotificationSettings,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}
