import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { visionKeys } from './keys';
import { forgetOfflineRecording } from './recording-cache';

export async function deleteRecording(): Promise<void> {
  const { response, error } = await api.DELETE('/userinput/athleticvision/recording');
  unwrap({ data: undefined, error, response });
  await forgetOfflineRecording();
}

/** Deletes the recording; the device's voice reads the vision again. */
export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecording,
    onSuccess: () => queryClient.setQueryData(visionKeys.recording, null),
  });
}
