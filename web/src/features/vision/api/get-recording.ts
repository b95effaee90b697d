import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError, isNotRetryable } from '@/lib/api/errors';
import { visionKeys } from './keys';
import { forgetOfflineRecording } from './recording-cache';

/** The athlete's recording of their vision, as audio the page can play through an object URL. */
export interface VisionRecording {
  blob: Blob;
  /** As the server keeps it, e.g. "audio/webm". */
  contentType: string;
}

/**
 * The whole recording as a Blob, or null when there is none (404). It is fetched with the access
 * token (an <audio src> could not send it) and played from memory, which also makes it seekable.
 */
export async function getRecording(): Promise<VisionRecording | null> {
  const { data, error, response } = await api.GET('/userinput/athleticvision/recording', { parseAs: 'blob' });
  if (response.status === 404) {
    await forgetOfflineRecording();
    return null;
  }
  if (error !== undefined || !data) throw new ApiError(response.status, error);
  const contentType = response.headers.get('Content-Type') ?? data.type;
  return { blob: data.type ? data : new Blob([data], { type: contentType }), contentType };
}

export const recordingQueryOptions = queryOptions({
  queryKey: visionKeys.recording,
  queryFn: getRecording,
  // Asked once per visit even offline: the service worker answers with its copy then. Without a
  // copy it fails at once (retries would wait for the network), and the device's voice reads.
  networkMode: 'offlineFirst',
  retry: (failures, error) => navigator.onLine && !isNotRetryable(error) && failures < 2,
  // Changed only through this page's save and delete, which update the cache themselves.
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useRecording() {
  return useQuery(recordingQueryOptions);
}
