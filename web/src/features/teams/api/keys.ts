/** Query keys of the team screens (SPEC §3 names the first two). */
export const teamKeys = {
  /** The caller's team; the profile save clears it too. Sign-out clears every query. */
  members: ['GetTeamMembers'] as const,
  /** The profile: it carries the team and the PAID role a team gives. */
  profile: ['GetSwazProfile'] as const,
  invite: (hash: string) => ['TeamInvite', hash] as const,
};
