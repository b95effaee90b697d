import { daysPractised, sparklinePoints } from '../board';
import { teamTexts } from '../texts';

const WIDTH = 112;
const HEIGHT = 28;

/** The last 28 days' practice counts as a small line, oldest left; its label says it in words. */
export function Sparkline({ counts }: { counts: number[] }) {
  return (
    <svg
      className="team-sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={teamTexts.board.sparkline(daysPractised(counts))}
      data-testid="sparkline"
    >
      <line x1={2} y1={HEIGHT - 2} x2={WIDTH - 2} y2={HEIGHT - 2} className="team-sparkline-base" />
      <polyline points={sparklinePoints(counts, WIDTH, HEIGHT)} className="team-sparkline-line" />
    </svg>
  );
}
