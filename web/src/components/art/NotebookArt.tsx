import { ArtFrame, SkyGradient, Sparkle } from './ArtFrame';

/** An open page with a pencil: the vision is written, one question at a time. */
export function NotebookArt() {
  return (
    <ArtFrame name="notebook">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-sky-top" to="--swaz-art-sky-bottom" />
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          <path className="art-far" d="M0 172 C80 160 240 160 320 172 V200 H0 Z" />
          <g transform="rotate(-6 160 104)">
            <rect className="art-paper" x="98" y="28" width="124" height="150" rx="10" />
            <rect x="98" y="28" width="124" height="150" rx="10" fill="none" stroke="var(--swaz-art-line)" strokeWidth="3" />
            <circle className="art-sun" cx="124" cy="56" r="12" />
            <path className="art-line" d="M119 56 L124 61 L131 51" />
            <g className="art-accent-line" opacity="0.7">
              <line x1="146" y1="56" x2="200" y2="56" />
              <line x1="116" y1="86" x2="204" y2="86" />
              <line x1="116" y1="106" x2="196" y2="106" />
              <line x1="116" y1="126" x2="204" y2="126" />
              <line x1="116" y1="146" x2="170" y2="146" />
            </g>
          </g>
          <g transform="rotate(-40 230 140)">
            <rect className="art-sun" x="186" y="132" width="78" height="16" rx="3" />
            <rect className="art-accent" x="264" y="132" width="14" height="16" rx="3" />
            <path className="art-paper" d="M186 132 L168 140 L186 148 Z" />
            <path className="art-figure-fill" d="M174 137.3 L168 140 L174 142.7 Z" />
          </g>
          <Sparkle x={64} y={60} size={10} className="art-sun" />
          <Sparkle x={262} y={50} size={8} className="art-accent" />
        </>
      )}
    </ArtFrame>
  );
}
