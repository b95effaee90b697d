import { ArtFrame, SkyGradient } from './ArtFrame';

const confetti = [
  { x: 40, y: 40, r: 20, c: 'art-sun' },
  { x: 86, y: 24, r: -30, c: 'art-accent' },
  { x: 120, y: 58, r: 45, c: 'art-sun' },
  { x: 222, y: 26, r: -15, c: 'art-accent' },
  { x: 290, y: 36, r: 30, c: 'art-sun' },
  { x: 64, y: 92, r: 60, c: 'art-accent' },
  { x: 276, y: 104, r: -40, c: 'art-accent' },
];

/** An athlete with both arms up on a summit, the sun behind: the vision is written. */
export function SummitArt() {
  return (
    <ArtFrame name="summit">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-sky-top" to="--swaz-art-sky-bottom" />
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          <circle className="art-sun" cx="236" cy="84" r="28" />
          {confetti.map((bit) => (
            <rect
              key={`${bit.x}-${bit.y}`}
              className={bit.c}
              x={bit.x - 4}
              y={bit.y - 2}
              width="8"
              height="4"
              rx="1"
              transform={`rotate(${bit.r} ${bit.x} ${bit.y})`}
            />
          ))}
          <path className="art-far" d="M40 200 L170 62 L300 200 Z" />
          <path className="art-paper" d="M170 62 L149 84 L160 79 L169 87 L180 78 L191 84 Z" />
          <path className="art-near" d="M-10 200 L70 140 L120 172 L170 150 L230 176 L270 150 L330 190 V200 Z" />
          <circle className="art-figure-fill" cx="170" cy="23" r="7.5" />
          <path className="art-figure" d="M170 33 L170 48 M170 48 L164 62 M170 48 L176 62 M170 37 L160 24 M170 37 L180 24" />
        </>
      )}
    </ArtFrame>
  );
}
