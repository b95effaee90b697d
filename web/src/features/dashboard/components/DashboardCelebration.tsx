import { Celebration } from '@/components/ui/Celebration';
import { useCelebration } from '@/components/ui/use-celebration';
import { useAuth } from '@/lib/auth-context';
import { countedInSettledZone, dashboardOccasion, type DashboardFigures } from '@/lib/celebrations';
import { deviceTimeZone } from '@/lib/device-time-zone';
import { useProfile } from '@/lib/queries/profile';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.celebration;

/**
 * Celebrates 3 of 3 today, or a streak milestone (which outranks it), once per occasion.
 * `streakHidden`: the athlete hid the streak, so its milestones are not celebrated either.
 * Waits until the dashboard counts the athlete's own days (see `countedInSettledZone`).
 */
export function DashboardCelebration({
  figures,
  streakHidden = false,
}: {
  figures: DashboardFigures & { timeZone: string };
  streakHidden?: boolean;
}) {
  const memberId = useAuth().user?.id ?? '';
  const profile = useProfile();
  const device = deviceTimeZone() || undefined;
  const settled = profile.data !== undefined && countedInSettledZone(figures.timeZone, profile.data.timeZone, device);
  const [occasion, dismiss] = useCelebration(memberId, settled ? dashboardOccasion(figures, { streakHidden }) : null);
  if (!occasion || occasion.kind === 'vision') return null;
  const message = occasion.kind === 'milestone' ? t.milestones[occasion.days] : t.allDone;
  return <Celebration key={occasion.key} message={message} closeLabel={t.close} onClose={dismiss} />;
}
