import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { toastSuccess } from '@/lib/toast';
import { currentSubscription, rememberThisDevice, thisDeviceId } from '../push-device';
import { accountTexts } from '../texts';
import { accountKeys } from './keys';

/** Stops notifications to a device; on this device the browser's subscription ends too. */
export async function removePushDevice(id: string): Promise<void> {
  unwrap(await api.DELETE('/push/subscriptions/{id}', { params: { path: { id } } }));
  if (id === thisDeviceId()) {
    rememberThisDevice(null);
    await (await currentSubscription())?.unsubscribe();
  }
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: () => {
      toastSuccess(accountTexts.push.removed);
      return queryClient.invalidateQueries({ queryKey: accountKeys.pushDevices });
    },
  });
}
