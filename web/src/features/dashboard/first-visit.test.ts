import { describe, expect, it } from 'vitest';
import { isNewMember } from './first-visit';

const fresh = {
  streakDays: 0,
  visionComplete: false,
  heatmap: [{ date: '2026-11-25', count: 0, rest: false }],
  checklist: { visionListened: false, breathingDone: false, dailyActionSaved: false },
  latestObjectives: {},
};

describe('isNewMember', () => {
  it('is true for a member with nothing yet', () => {
    expect(isNewMember(fresh)).toBe(true);
  });

  it('is false once anything was practised, written or planned', () => {
    expect(isNewMember({ ...fresh, heatmap: [{ date: '2026-11-20', count: 1, rest: false }] })).toBe(false);
    expect(isNewMember({ ...fresh, visionComplete: true })).toBe(false);
    expect(isNewMember({ ...fresh, checklist: { ...fresh.checklist, breathingDone: true } })).toBe(false);
  });
});
