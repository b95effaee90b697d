import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { UploadType } from '../recording-type';
import type { VisionRecording } from './get-recording';
import { visionKeys } from './keys';
import { keepOfflineRecording } from './recording-cache';

export type RecordingInfo = components['schemas']['Recording'];

export interface SaveRecordingInput {
  blob: Blob;
  /** The recorder's type without codecs, as the server accepts it. */
  contentType: UploadType;
}

/** Sends the audio as the body, replacing the recording before (413 beyond 20 MB). */
export async function saveRecording({ blob, contentType }: SaveRecordingInput): Promise<RecordingInfo> {
  return unwrap(
    await api.PUT('/userinput/athleticvision/recording', {
      body: blob as never,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': contentType },
    }),
  );
}

/** Saves the recording; the page plays what it sent without downloading it again. */
export function useSaveRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecording,
    onSuccess: (saved, { blob }) => {
      const recording: VisionRecording = { blob, contentType: saved.contentType };
      queryClient.setQueryData(visionKeys.recording, recording);
      return keepOfflineRecording(blob, saved.contentType);
    },
  });
}
