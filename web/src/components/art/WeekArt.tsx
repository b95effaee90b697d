import { ArtFrame, SkyGradient } from './ArtFrame';

const days = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, x: 62 + day * 32.7 }));

/** A week as a strip of seven days joined by one line, five done, a flag on the last. */
export function WeekArt() {
  return (
    <ArtFrame name="week">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-sky-top" to="--swaz-art-sky-bottom" />
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          <circle className="art-sun" cx="72" cy="42" r="20" />
          <path className="art-far" d="M0 176 C90 160 220 162 320 174 V200 H0 Z" />
          <rect className="art-near" x="34" y="64" width="252" height="96" rx="14" />
          <rect className="art-paper" x="40" y="86" width="240" height="68" rx="10" />
          <g className="art-paper" opacity="0.6">
            {days.map(({ day, x }) => (
              <rect key={day} x={x - 8} y="72" width="16" height="6" rx="3" />
            ))}
          </g>
          <line className="art-line" x1={days[0].x} y1="120" x2={days[6].x} y2="120" opacity="0.5" />
          {days.map(({ day, x }) =>
            day < 5 ? (
              <circle key={day} className="art-accent" cx={x} cy="120" r="10" />
            ) : (
              <circle key={day} cx={x} cy="120" r="9" fill="var(--swaz-art-paper)" stroke="var(--swaz-art-sun)" strokeWidth="3.5" />
            ),
          )}
          <line x1={days[6].x} y1="110" x2={days[6].x} y2="40" stroke="var(--swaz-art-line)" strokeWidth="3.5" strokeLinecap="round" />
          <path className="art-sun" d={`M${days[6].x + 2} 40 L${days[6].x + 26} 48 L${days[6].x + 2} 56 Z`} />
        </>
      )}
    </ArtFrame>
  );
}
