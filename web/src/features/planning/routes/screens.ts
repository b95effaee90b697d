/** The planning feature's screens, loaded on first visit (see lib/lazy-screen). */
import '../planning.css';

export { DailyCreateRoute } from './DailyCreateRoute';
export { DailyWelcomeRoute } from './DailyWelcomeRoute';
export { PlanningRoute } from './PlanningRoute';
export { WeeklyCreateRoute } from './WeeklyCreateRoute';
export { WeeklyVisionRoute } from './WeeklyVisionRoute';
export { WeeklyWelcomeRoute } from './WeeklyWelcomeRoute';
