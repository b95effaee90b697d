import { useEffect, type RefObject } from 'react';

/** Past any recording's end: asking for it makes the browser read the file to its end. */
const FAR_PAST_THE_END = 1e7;

/**
 * Plays `blob` in the <audio> element through an object URL, revoked when the blob changes or
 * the element goes. (The recording is fetched with the access token, which an <audio src> to the
 * API could not send; from memory it is also seekable everywhere.)
 *
 * Chrome's recorder writes WebM without a duration, which the player shows as a live stream that
 * cannot be seeked: seeking far past the end once makes it find the duration, then it goes back
 * to the start.
 */
export function useBlobSource(element: RefObject<HTMLAudioElement | null>, blob: Blob | null | undefined) {
  useEffect(() => {
    const audio = element.current;
    if (!audio || !blob) return;
    const url = URL.createObjectURL(blob);
    let measuring = false;
    const onMetadata = () => {
      if (audio.duration !== Infinity) return;
      measuring = true;
      audio.currentTime = FAR_PAST_THE_END;
    };
    const onDuration = () => {
      if (!measuring || !Number.isFinite(audio.duration)) return;
      measuring = false;
      audio.currentTime = 0;
    };
    audio.addEventListener('loadedmetadata', onMetadata);
    audio.addEventListener('durationchange', onDuration);
    audio.setAttribute('src', url);
    return () => {
      audio.removeEventListener('loadedmetadata', onMetadata);
      audio.removeEventListener('durationchange', onDuration);
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      URL.revokeObjectURL(url);
    };
  }, [element, blob]);
}
