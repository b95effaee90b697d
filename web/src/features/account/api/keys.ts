import { profileKey } from '@/lib/queries/profile';

/** Query keys of SPEC §3 this feature reads or clears. */
export const accountKeys = {
  /** The shared profile key (read through lib/queries/profile). */
  profile: profileKey,
  notificationSettings: ['GetNotificationSettings'] as const,
  /** What the member's team coaches see (issue 27). */
  sharing: ['CoachSharing'] as const,
  /** The devices the member gets notifications on (issue 28). */
  pushDevices: ['PushSubscriptions'] as const,
  /** The member's second factors, as auth-js's mfa.listFactors() reads them from /auth/v1/user. */
  factors: ['MfaFactors'] as const,
  /** Owned by the team screens; cleared here because a profile save renames members. */
  teamMembers: ['GetTeamMembers'] as const,
};
