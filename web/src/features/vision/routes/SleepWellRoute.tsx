import Container from 'react-bootstrap/Container';
import { BreathingExercise } from '../components/BreathingExercise';
import { visionTexts as t } from '../texts';

/** /sleep-well: the last step of the bedtime routine. */
export function SleepWellRoute() {
  return (
    <Container className="py-4 py-md-5 vision-narrow">
      <h1 className="text-center mb-4">{t.sleepWellTitle}</h1>
      <BreathingExercise />
    </Container>
  );
}
