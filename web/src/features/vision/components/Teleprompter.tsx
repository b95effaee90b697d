import { useEffect, useMemo, useRef } from 'react';
import { formatClock } from '../sleep-timer';
import { readingSeconds, teleprompterOffset } from '../teleprompter';
import { visionTexts as t } from '../texts';
import { useElapsed } from './use-elapsed';

/**
 * The vision, large, to read aloud while recording, with the time so far. It scrolls slowly at a
 * calm reading pace until the athlete scrolls it by hand.
 */
export function Teleprompter({ paragraphs, startedAt }: { paragraphs: string[]; startedAt: number }) {
  const elapsed = useElapsed(startedAt);
  const box = useRef<HTMLDivElement>(null);
  const byHand = useRef(false);
  const total = useMemo(() => readingSeconds(paragraphs), [paragraphs]);

  useEffect(() => {
    const element = box.current;
    if (!element || byHand.current) return;
    element.scrollTop = teleprompterOffset(elapsed, total, element.scrollHeight - element.clientHeight);
  }, [elapsed, total]);

  const takeOver = () => {
    byHand.current = true;
  };

  return (
    <div className="vision-teleprompter-wrap">
      <p className="vision-recording-clock" role="timer" aria-label={`${t.recordingNow} ${formatClock(elapsed)}`}>
        <span className="vision-recording-dot" aria-hidden="true" /> {t.recordingNow} {formatClock(elapsed)}
      </p>
      <div
        ref={box}
        className="vision-teleprompter"
        tabIndex={0}
        role="region"
        aria-label={t.teleprompterLabel}
        data-testid="teleprompter"
        onWheel={takeOver}
        onTouchStart={takeOver}
        onKeyDown={takeOver}
      >
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </div>
  );
}
