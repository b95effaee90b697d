import type { components } from '@/lib/api/schema';

export type TeamMembers = components['schemas']['TeamMembers'];
export type TeamMember = components['schemas']['TeamMember'];
export type TeamRole = components['schemas']['TeamRole'];

/** SPEC §5/§9: a team name is at least 3 characters; the server also caps it at 60. */
export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 60;
/** SPEC §9: the copy confirmation shows for 2000 ms. */
export const COPY_CONFIRM_MS = 2000;
/** The server's cap on a removal reason. */
export const REMOVAL_REASON_MAX = 500;

/** SPEC §3: first plus last name, or 'Unknown' when both are blank. */
export function displayName(member: Pick<TeamMember, 'firstName' | 'lastName'>, unknown: string): string {
  return `${member.firstName.trim()} ${member.lastName.trim()}`.trim() || unknown;
}

/** SPEC §4: the name is dirty when the trimmed text differs from the current name. */
export function isNameDirty(current: string, text: string): boolean {
  return text.trim() !== current;
}

/** SPEC §5: Save is enabled only when changed, not saving, and the trimmed length is at least 3. */
export function canSaveName(current: string, text: string, saving: boolean): boolean {
  const trimmed = text.trim();
  return !saving && isNameDirty(current, text) && trimmed.length >= TEAM_NAME_MIN && trimmed.length <= TEAM_NAME_MAX;
}

/** SPEC §4: admin blue, pending_admin yellow; a plain member's gray badge is not displayed. */
export function roleBadge(role: TeamRole): { bg: string; text?: 'dark' } | null {
  switch (role) {
    case 'admin':
      return { bg: 'primary' };
    case 'pending_admin':
      return { bg: 'warning', text: 'dark' };
    default:
      return null;
  }
}

/** The register form's one name field as the first and last name the identity service stores. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space < 0) return { first_name: trimmed, last_name: '' };
  return { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1) };
}
