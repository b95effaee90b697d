import { Celebration } from '@/components/ui/Celebration';
import { useCelebration } from '@/components/ui/use-celebration';
import { useAuth } from '@/lib/auth-context';
import { visionOccasion } from '@/lib/celebrations';
import { useVision } from '@/lib/queries/vision';
import { visionTexts as t } from '../texts';

/**
 * Celebrates a finished vision once per completion: the saved vision's time tells one
 * completion from the next, read once the answer after the last step has arrived.
 */
export function VisionCelebration() {
  const memberId = useAuth().user?.id ?? '';
  const vision = useVision();
  const savedAt = vision.isFetching ? null : vision.data?.updatedAt;
  const [occasion, dismiss] = useCelebration(memberId, savedAt ? visionOccasion(savedAt) : null);
  if (!occasion) return null;
  return <Celebration key={occasion.key} message={t.celebration} closeLabel={t.celebrationClose} onClose={dismiss} />;
}
