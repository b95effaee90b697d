/** The daily logs' screens, loaded on first visit (see lib/lazy-screen). */
import '../logs.css';

export { LogDetailRoute } from './LogDetailRoute';
export { LogsRoute } from './LogsRoute';
