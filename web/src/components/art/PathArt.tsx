import { ArtFrame, SkyGradient } from './ArtFrame';

const trail = 'M60 205 C150 180 40 150 130 132 S200 90 250 74';
const milestones = [
  [98, 178],
  [97, 144],
  [197, 108],
];

/** A trail with milestones winding up to a flag: a plan, step by step. */
export function PathArt() {
  return (
    <ArtFrame name="path">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-sky-top" to="--swaz-art-sky-bottom" />
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          <circle className="art-sun" cx="64" cy="48" r="18" />
          <path className="art-far" d="M0 118 C60 96 120 100 170 96 C220 92 260 64 320 70 V200 H0 Z" />
          <path className="art-near" d="M0 160 C70 140 150 150 210 130 C250 118 290 112 320 114 V200 H0 Z" />
          <path d={trail} fill="none" stroke="var(--swaz-art-paper)" strokeWidth="14" strokeLinecap="round" />
          <path d={trail} className="art-line art-dash" />
          {milestones.map(([x, y]) => (
            <circle key={`${x}-${y}`} className="art-sun" cx={x} cy={y} r="7" stroke="var(--swaz-art-paper)" strokeWidth="3" />
          ))}
          <line x1="252" y1="74" x2="252" y2="36" stroke="var(--swaz-art-paper)" strokeWidth="4" strokeLinecap="round" />
          <path className="art-sun" d="M254 36 L280 44 L254 53 Z" />
        </>
      )}
    </ArtFrame>
  );
}
