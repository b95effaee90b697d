import { useEffect, useRef, useState, type CSSProperties } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import './celebration.css';

/** How long the words stay, unless the athlete has moved focus to Close. */
const SHOWN_MS = 6000;
/** The burst's length; the sparks are gone from the page after it. */
const BURST_MS = 1600;
const SPARKS = 18;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A spark's flight, spread evenly around the emblem with a little variety. */
function sparkStyle(index: number): CSSProperties {
  const angle = (index / SPARKS) * 2 * Math.PI + (index % 3) * 0.15;
  const distance = 70 + ((index * 37) % 50);
  return {
    '--spark-x': `${Math.round(Math.cos(angle) * distance)}px`,
    '--spark-y': `${Math.round(Math.sin(angle) * distance * 0.8 - 40)}px`,
    '--spark-turn': `${(index * 67) % 360}deg`,
    '--spark-delay': `${(index % 4) * 40}ms`,
  } as CSSProperties;
}

/**
 * A moment of motion and a line of words (issue 29): a small panel at the foot of the screen
 * that takes no focus and lets taps through to the page (all but its Close button), read out as
 * a status, gone after a few seconds, on Escape or on Close. With reduced motion the words fade
 * in beside a still emblem.
 */
export function Celebration({
  message,
  closeLabel,
  onClose,
}: {
  message: string;
  closeLabel: string;
  onClose: () => void;
}) {
  const [calm] = useState(prefersReducedMotion);
  const [bursting, setBursting] = useState(!calm);
  const [held, setHeld] = useState(false);
  // A live region announces what changes in it: it is on the page first, the words a moment later.
  const [said, setSaid] = useState('');
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const timer = window.setTimeout(() => setSaid(message), 50);
    return () => window.clearTimeout(timer);
  }, [message]);

  useEffect(() => {
    if (!bursting) return;
    const timer = window.setTimeout(() => setBursting(false), BURST_MS);
    return () => window.clearTimeout(timer);
  }, [bursting]);

  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => close.current(), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [held]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div
      className={`swaz-celebration shadow${calm ? ' swaz-celebration-calm' : ''}`}
      data-testid="celebration"
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="swaz-celebration-emblem" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill="currentColor"
          />
        </svg>
        {bursting && (
          <span className="swaz-celebration-sparks" data-testid="celebration-sparks">
            {Array.from({ length: SPARKS }, (_, index) => (
              <span key={index} className={`swaz-spark swaz-spark-${index % 4}`} style={sparkStyle(index)} />
            ))}
          </span>
        )}
      </div>
      <p className="swaz-celebration-words mb-0" role="status">
        {said}
      </p>
      <CloseButton variant="white" className="swaz-celebration-close" aria-label={closeLabel} onClick={onClose} />
    </div>
  );
}
