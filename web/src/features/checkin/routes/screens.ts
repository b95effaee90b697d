/** The morning check-in, loaded on first visit (see lib/lazy-screen). */
import '../checkin.css';

export { CheckinRoute } from './CheckinRoute';
