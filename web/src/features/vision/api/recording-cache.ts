/**
 * The service worker's copy of the recording for airplane mode (vite.config.ts, runtimeCaching).
 * Its rule is network-first, so a new recording replaces the copy on the next play online; a
 * deleted one is forgotten here, as a 404 is never cached.
 */
export const RECORDING_CACHE = 'swaz-recording';

export const RECORDING_URL = '/_api/v1/userinput/athleticvision/recording';

/**
 * Puts a recording just saved in place of the offline copy, so airplane mode plays the new one
 * even before it was played online.
 */
export async function keepOfflineRecording(blob: Blob, contentType: string): Promise<void> {
  if (!('caches' in window)) return;
  try {
    const cache = await caches.open(RECORDING_CACHE);
    const headers = { 'Content-Type': contentType, 'Content-Length': String(blob.size), 'Accept-Ranges': 'bytes' };
    await cache.put(new URL(RECORDING_URL, window.location.origin).href, new Response(blob, { status: 200, headers }));
  } catch {
    // Without cache storage the recording still plays online.
  }
}

/** Forgets the offline copy of the recording (after a delete, or when the server has none). */
export async function forgetOfflineRecording(): Promise<void> {
  if (!('caches' in window)) return;
  try {
    const cache = await caches.open(RECORDING_CACHE);
    await cache.delete(new URL(RECORDING_URL, window.location.origin).href, { ignoreSearch: true });
  } catch {
    // No cache storage here (a private window): there is nothing to forget.
  }
}
