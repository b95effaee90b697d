import type { Dashboard } from './api/get-dashboard';

/**
 * A member with nothing in SWAZ yet (no practice on any day, no vision, no plan): their first
 * visit, greeted 'Welcome' rather than 'Welcome back'.
 */
export function isNewMember(
  data: Pick<Dashboard, 'streakDays' | 'heatmap' | 'visionComplete' | 'latestObjectives' | 'checklist'>,
): boolean {
  const { checklist, latestObjectives } = data;
  return (
    data.streakDays === 0 &&
    !data.visionComplete &&
    data.heatmap.every((day) => day.count === 0) &&
    !checklist.visionListened &&
    !checklist.breathingDone &&
    !checklist.dailyActionSaved &&
    !latestObjectives.dailyObjectives &&
    !latestObjectives.weeklyMap
  );
}
