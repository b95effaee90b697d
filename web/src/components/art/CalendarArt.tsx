import { ArtFrame, SkyGradient } from './ArtFrame';

/** A day's page with two actions ticked and one to go, the sun coming up behind it. */
export function CalendarArt() {
  const rows = [86, 114, 142];
  return (
    <ArtFrame name="calendar">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-sky-top" to="--swaz-art-sky-bottom" />
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          <circle className="art-sun" cx="246" cy="62" r="30" />
          <path className="art-far" d="M0 170 C80 154 240 154 320 166 V200 H0 Z" />
          <rect className="art-near" x="92" y="34" width="136" height="146" rx="12" />
          <rect className="art-paper" x="98" y="62" width="124" height="112" rx="8" />
          <rect className="art-figure-fill" x="120" y="24" width="8" height="20" rx="4" />
          <rect className="art-figure-fill" x="192" y="24" width="8" height="20" rx="4" />
          {rows.map((y, row) => (
            <g key={y}>
              {row < 2 ? (
                <>
                  <circle className="art-accent" cx="118" cy={y} r="9" />
                  <path d={`M113 ${y} L117 ${y + 4} L124 ${y - 4}`} fill="none" stroke="var(--swaz-art-paper)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                </>
              ) : (
                <circle cx="118" cy={y} r="8" fill="none" stroke="var(--swaz-art-sun)" strokeWidth="3" />
              )}
              <line className="art-line" x1="136" y1={y} x2={row === 1 ? 188 : 206} y2={y} opacity={row < 2 ? 0.45 : 0.9} />
            </g>
          ))}
        </>
      )}
    </ArtFrame>
  );
}
