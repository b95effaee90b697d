/** The dashboard, loaded on first visit (see lib/lazy-screen). */
import '../dashboard.css';

export { DashboardRoute } from './DashboardRoute';
