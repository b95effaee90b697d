import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { toastSuccess } from '@/lib/toast';
import { deviceLabel, PushSetupError, rememberThisDevice, subscribeThisDevice } from '../push-device';
import { accountTexts } from '../texts';
import type { PushDevice } from './get-push-devices';
import { accountKeys } from './keys';

/** The server's public VAPID key, read when the member turns notifications on. */
export async function getPushKey(): Promise<string> {
  return unwrap(await api.GET('/push/key')).publicKey;
}

/**
 * Asks the browser, subscribes with the server's key and registers the device under its
 * browser's name. Failures are {@link PushSetupError}s (the browser's part) or ApiErrors.
 */
export async function turnOnPush(): Promise<PushDevice> {
  const subscription = await subscribeThisDevice(await getPushKey());
  const { endpoint, keys } = subscription;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushSetupError('subscribe-failed');
  const device = unwrap(
    await api.POST('/push/subscriptions', {
      body: {
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
        label: deviceLabel(navigator.userAgent, navigator.maxTouchPoints),
      },
    }),
  );
  rememberThisDevice(device.id);
  return device;
}

export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOnPush,
    onSuccess: () => {
      toastSuccess(accountTexts.push.turnedOn);
      return queryClient.invalidateQueries({ queryKey: accountKeys.pushDevices });
    },
  });
}
