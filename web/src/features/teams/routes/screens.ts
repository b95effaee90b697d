/** The team screens, loaded on first visit (see lib/lazy-screen). */
import '../teams.css';

export { InviteRoute } from './InviteRoute';
export { TeamConfigRoute } from './TeamConfigRoute';
export { AthleteRoute } from './AthleteRoute';
export { BoardRoute } from './BoardRoute';
