import Container from 'react-bootstrap/Container';
import { BreathingExercise } from '../components/BreathingExercise';
import { useBedtimeTheme } from '../components/use-bedtime-theme';
import { visionTexts as t } from '../texts';

/** /sleep-well: the last step of the bedtime routine, still in the dark bedtime theme. */
export function SleepWellRoute() {
  useBedtimeTheme();
  return (
    <Container className="py-4 py-md-5 vision-narrow">
      <h1 className="text-center mb-4">{t.sleepWellTitle}</h1>
      <BreathingExercise />
    </Container>
  );
}
