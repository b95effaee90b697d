/** The public pages other than home, loaded on first visit (see lib/lazy-screen). */
export { AthleteRoute } from './AthleteRoute';
export { ContactRoute } from './ContactRoute';
export { InspirationRoute } from './InspirationRoute';
export { MeditationsRoute } from './MeditationsRoute';
export { PrivacyRoute } from './PrivacyRoute';
