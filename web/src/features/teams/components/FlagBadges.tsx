import Badge from 'react-bootstrap/Badge';
import type { Flag } from '../board';

/** Why an athlete needs a word, in words (the colour only repeats it). */
export function FlagBadges({ flags }: { flags: Flag[] }) {
  if (flags.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label="Flags">
      {flags.map((flag) => (
        <li key={flag.code}>
          <Badge bg="warning" text="dark" className="team-flag" data-testid="flag" data-code={flag.code}>
            <span aria-hidden="true">⚠ </span>
            {flag.label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
