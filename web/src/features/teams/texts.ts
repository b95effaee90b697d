/** Copy of the team screens (SPEC §2). */
export const teamTexts = {
  teamTitle: 'Team',
  inviteTitle: 'Team Invite',
} as const;
