/** The vision feature's screens, loaded on first visit (see lib/lazy-screen). */
import '../vision.css';

export { CompletionRoute } from './CompletionRoute';
export { EditRoute } from './EditRoute';
export { FirstTimeRoute } from './FirstTimeRoute';
export { NextRoute } from './NextRoute';
export { PlayRoute } from './PlayRoute';
export { ReviewRoute } from './ReviewRoute';
export { SleepWellRoute } from './SleepWellRoute';
export { StepRoute } from './StepRoute';
export { WelcomeRoute } from './WelcomeRoute';
