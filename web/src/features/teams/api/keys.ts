import { profileKey } from '@/lib/queries/profile';
import { teamFocusKey } from '@/lib/queries/team-focus';

/** Query keys of the team screens (SPEC §3 names the first two). */
export const teamKeys = {
  /** The caller's team; the profile save clears it too. Sign-out clears every query. */
  members: ['GetTeamMembers'] as const,
  /** The shared profile key: the profile carries the team and the PAID role a team gives. */
  profile: profileKey,
  invite: (hash: string) => ['TeamInvite', hash] as const,
  /** The team's current invite link, for its admins. */
  inviteLink: ['TeamInviteLink'] as const,
  /** The coach board: every athlete's shared figures. */
  board: ['TeamBoard'] as const,
  /** One athlete as their coach sees them. */
  athlete: (userId: string) => ['TeamAthlete', userId] as const,
  /** The week's focus the coach sets for the team (shared with the athlete's plan step). */
  focus: teamFocusKey,
};
