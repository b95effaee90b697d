import { ArtFrame, SkyGradient, SunRays } from './ArtFrame';

/** An athlete on a hill pointing at the sun rising over the horizon: the Athletic Vision. */
export function HorizonArt() {
  return (
    <ArtFrame name="horizon">
      {(ids) => (
        <>
          <defs>
            <SkyGradient id={ids.sky} from="--swaz-art-sky-top" to="--swaz-art-sky-bottom" />
          </defs>
          <rect width="320" height="200" fill={`url(#${ids.sky})`} />
          <rect className="art-cloud" x="36" y="40" width="64" height="10" rx="5" />
          <rect className="art-cloud" x="58" y="56" width="40" height="8" rx="4" opacity="0.7" />
          <SunRays cx={214} cy={128} inner={40} outer={54} />
          <circle className="art-sun" cx="214" cy="128" r="30" />
          <path className="art-far" d="M0 138 C50 118 90 120 130 132 S220 150 260 134 S306 122 320 126 V200 H0 Z" />
          <path className="art-near" d="M0 168 C40 150 80 146 118 152 C170 160 230 178 320 170 V200 H0 Z" />
          <circle className="art-figure-fill" cx="97" cy="106" r="7.5" />
          <path className="art-figure" d="M96 117 L93 134 M93 134 L87 150 M93 134 L100 150 M95 121 L106 113 L116 106 M95 121 L88 133" />
        </>
      )}
    </ArtFrame>
  );
}
