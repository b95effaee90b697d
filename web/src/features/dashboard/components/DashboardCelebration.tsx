import { Celebration } from '@/components/ui/Celebration';
import { useCelebration } from '@/components/ui/use-celebration';
import { useAuth } from '@/lib/auth-context';
import { dashboardOccasion, type DashboardFigures } from '@/lib/celebrations';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.celebration;

/**
 * Celebrates 3 of 3 today, or a streak milestone (which outranks it), once per occasion.
 * `streakHidden`: the athlete hid the streak, so its milestones are not celebrated either.
 */
export function DashboardCelebration({
  figures,
  streakHidden = false,
}: {
  figures: DashboardFigures;
  streakHidden?: boolean;
}) {
  const memberId = useAuth().user?.id ?? '';
  const [occasion, dismiss] = useCelebration(memberId, dashboardOccasion(figures, { streakHidden }));
  if (!occasion || occasion.kind === 'vision') return null;
  const message = occasion.kind === 'milestone' ? t.milestones[occasion.days] : t.allDone;
  return <Celebration key={occasion.key} message={message} closeLabel={t.close} onClose={dismiss} />;
}
