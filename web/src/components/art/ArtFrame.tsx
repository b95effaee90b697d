import { useId, type ReactNode } from 'react';
import './art.css';

/**
 * The frame every SWAZ illustration is drawn in: a rounded 320 × 200 card, decorative (hidden
 * from assistive technology: the heading beside it says what the screen is), as wide as its
 * column up to `art-*` max width. Colours come from the theme's `--swaz-art-*` properties
 * (styles/_tokens.scss), so the picture follows light and dark mode.
 */
export function ArtFrame({ name, children }: { name: string; children: (ids: ArtIds) => ReactNode }) {
  const id = useId().replace(/:/g, '');
  const ids: ArtIds = { sky: `${id}-sky`, clip: `${id}-clip`, glow: `${id}-glow` };
  return (
    <svg
      className={`swaz-art swaz-art-${name}`}
      data-testid="hero-art"
      viewBox="0 0 320 200"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid meet"
    >
      <defs>
        <clipPath id={ids.clip}>
          <rect width="320" height="200" rx="24" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${ids.clip})`}>{children(ids)}</g>
    </svg>
  );
}

/** Ids unique to one drawing, for its gradients and clip path. */
export interface ArtIds {
  sky: string;
  clip: string;
  glow: string;
}

/** A vertical gradient between two theme colours. */
export function SkyGradient({ id, from, to }: { id: string; from: string; to: string }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" style={{ stopColor: `var(${from})` }} />
      <stop offset="1" style={{ stopColor: `var(${to})` }} />
    </linearGradient>
  );
}

/** A four-pointed sparkle centred on (x, y). */
export function Sparkle({ x, y, size, className = 'art-star' }: { x: number; y: number; size: number; className?: string }) {
  const s = size;
  return (
    <path
      className={className}
      d={`M${x} ${y - s} Q${x} ${y} ${x + s} ${y} Q${x} ${y} ${x} ${y + s} Q${x} ${y} ${x - s} ${y} Q${x} ${y} ${x} ${y - s} Z`}
    />
  );
}

/** Rays around a sun at (cx, cy), over its upper half. */
export function SunRays({ cx, cy, inner, outer }: { cx: number; cy: number; inner: number; outer: number }) {
  const angles = [180, 157.5, 135, 112.5, 90, 67.5, 45, 22.5, 0];
  return (
    <g>
      {angles.map((deg) => {
        const a = (deg * Math.PI) / 180;
        const cos = Math.cos(a);
        const sin = Math.sin(a);
        return (
          <line
            key={deg}
            className="art-ray"
            x1={cx + inner * cos}
            y1={cy - inner * sin}
            x2={cx + outer * cos}
            y2={cy - outer * sin}
          />
        );
      })}
    </g>
  );
}
