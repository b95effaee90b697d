/** Query keys of SPEC §3 this feature reads or clears. */
export const accountKeys = {
  profile: ['GetSwazProfile'] as const,
  notificationSettings: ['GetNotificationSettings'] as const,
  /** Owned by the team screens; cleared here because a profile save renames members. */
  teamMembers: ['GetTeamMembers'] as const,
};
