/**
 * What the browser's recorder should make, best first: Opus in WebM (Chrome, Firefox, Edge),
 * MP4/AAC where only that exists (Safari), then Ogg. Each is a type the server keeps.
 */
export const RECORDER_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/ogg'] as const;

/** The Content-Types the server accepts for a recording (server/src/vision/recording.rs). */
export const UPLOAD_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg'] as const;

export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * The first recorder type the browser says it supports, or undefined when none is (the recorder
 * then picks its own, checked again by {@link uploadType} before it is sent).
 */
export function chooseRecorderType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDER_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/**
 * The Content-Type to upload a recording as: the recorder's type without its parameters
 * ("audio/webm;codecs=opus" is sent as "audio/webm"). A recorder that names its audio-only
 * output as video ("video/webm") is sent as audio; anything else is null.
 */
export function uploadType(recorderType: string): UploadType | null {
  const base = recorderType.split(';')[0].trim().toLowerCase();
  const audio = base.startsWith('video/') ? `audio/${base.slice('video/'.length)}` : base;
  return (UPLOAD_TYPES as readonly string[]).includes(audio) ? (audio as UploadType) : null;
}
