import { ArtFrame, SkyGradient, Sparkle } from './ArtFrame';

/** A head in profile with a target drawn inside it: a mind designed on purpose. */
export function MindArt() {
  const grid = [40, 80, 120, 160, 200, 240, 280];
  return (
    <ArtFrame name="mind">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-sky-top" to="--swaz-art-sky-bottom" />
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          <g className="art-line" opacity="0.14">
            {grid.map((x) => (
              <line key={`v${x}`} x1={x} y1="0" x2={x} y2="200" />
            ))}
            {[40, 80, 120, 160].map((y) => (
              <line key={`h${y}`} x1="0" y1={y} x2="320" y2={y} />
            ))}
          </g>
          <path
            className="art-near"
            d="M118 200 L118 168 C92 156 84 120 96 92 C110 58 156 44 190 60 C212 71 220 92 216 108 L228 128 L215 132 L217 146 C218 158 206 160 196 158 L192 200 Z"
          />
          <circle cx="156" cy="104" r="30" fill="none" stroke="var(--swaz-art-sun)" strokeWidth="5" />
          <circle className="art-accent-line" cx="156" cy="104" r="18" />
          <circle className="art-sun" cx="156" cy="104" r="6" />
          <Sparkle x={62} y={52} size={10} className="art-sun" />
          <Sparkle x={262} y={48} size={8} className="art-accent" />
          <Sparkle x={270} y={150} size={6} className="art-sun" />
        </>
      )}
    </ArtFrame>
  );
}
