import { ArtFrame, SkyGradient, Sparkle } from './ArtFrame';

const stars = [
  [40, 34, 1.8],
  [76, 62, 1.4],
  [118, 26, 2],
  [150, 70, 1.3],
  [182, 40, 1.6],
  [292, 30, 1.8],
  [298, 84, 1.3],
  [24, 92, 1.4],
];

/** A crescent moon and stars over calm water: the evening, a quiet mind. */
export function MoonArt() {
  return (
    <ArtFrame name="moon">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-night-top" to="--swaz-art-night-bottom" />
            <mask id={ids.glow}>
              <rect width="320" height="200" fill="#fff" />
              <circle cx="244" cy="50" r="24" fill="#000" />
            </mask>
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          {stars.map(([x, y, r]) => (
            <circle key={`${x}-${y}`} className="art-star" cx={x} cy={y} r={r} />
          ))}
          <Sparkle x={92} y={40} size={7} />
          <Sparkle x={204} y={92} size={5} />
          <circle className="art-sun" cx="232" cy="60" r="26" mask={`url(#${ids.glow})`} />
          <path className="art-night" d="M0 126 C40 112 70 110 110 120 C150 130 170 114 210 116 C250 118 290 124 320 120 V136 H0 Z" />
          <g className="art-water" opacity="0.55">
            <line x1="30" y1="150" x2="88" y2="150" />
            <line x1="120" y1="162" x2="176" y2="162" />
            <line x1="46" y1="178" x2="110" y2="178" />
            <line x1="270" y1="176" x2="300" y2="176" />
          </g>
          <g stroke="var(--swaz-art-sun)" strokeWidth="3" strokeLinecap="round" opacity="0.75">
            <line x1="212" y1="146" x2="244" y2="146" />
            <line x1="218" y1="156" x2="240" y2="156" />
            <line x1="222" y1="166" x2="236" y2="166" />
            <line x1="226" y1="176" x2="232" y2="176" />
          </g>
        </>
      )}
    </ArtFrame>
  );
}
