import { useEffect, useRef } from 'react';

/** What the lock screen's and headphones' buttons do. */
export interface MediaControls {
  playing: boolean;
  play: () => void;
  pause: () => void;
  stop: () => void;
  /** Seconds to move by (negative: back); seeking is offered only with it. */
  seekBy?: (seconds: number) => void;
}

const SEEK_SECONDS = 10;

const ARTWORK: MediaImage[] = [{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }];

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // The browser does not know this action: the lock screen simply goes without it.
  }
}

/**
 * The lock screen's player for the vision (Media Session API) while `controls` is given: title,
 * artist, artwork and the play, pause, stop (and seek) buttons. Browsers without it are left
 * alone.
 */
export function useMediaSession(controls: MediaControls | null | false, title: string) {
  const latest = useRef(controls);
  useEffect(() => {
    latest.current = controls;
  });
  const active = Boolean(controls);
  const seekable = Boolean(controls && controls.seekBy);
  const playing = controls ? controls.playing : false;

  useEffect(() => {
    if (!active || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    if ('MediaMetadata' in window) session.metadata = new MediaMetadata({ title, artist: 'SWAZ', artwork: ARTWORK });
    const current = () => latest.current || null;
    setHandler('play', () => current()?.play());
    setHandler('pause', () => current()?.pause());
    setHandler('stop', () => current()?.stop());
    if (seekable) {
      setHandler('seekbackward', (details) => current()?.seekBy?.(-(details.seekOffset ?? SEEK_SECONDS)));
      setHandler('seekforward', (details) => current()?.seekBy?.(details.seekOffset ?? SEEK_SECONDS));
    }
    return () => {
      for (const action of ['play', 'pause', 'stop', 'seekbackward', 'seekforward'] as const) setHandler(action, null);
      session.metadata = null;
      session.playbackState = 'none';
    };
  }, [active, seekable, title]);

  useEffect(() => {
    if (!active || !('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = playing ? 'playing' : 'paused';
  }, [active, playing]);
}
