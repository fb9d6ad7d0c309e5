// What the team page says: each change's question, its button, and what the snackbar says after.
import { labelOf } from '@hostdash/shared-auth';
import type { TeamAction, TeamBuilding, TeamMember } from './teamApi';

/** How a list of buildings reads in a sentence: "Marina Lofts, Harbour House and Old Mill". */
export function buildingNames(buildings: readonly Pick<TeamBuilding, 'name'>[]): string {
  const names = buildings.map((building) => building.name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a teammate may see: a vendor's buildings, everyone else every building. */
export function whatTheySee(member: Pick<TeamMember, 'subtype' | 'vendor_buildings'>): string {
  if (member.subtype !== 'vendor') return 'Every building';
  return member.vendor_buildings.length > 0
    ? buildingNames(member.vendor_buildings)
    : 'No building yet';
}

export interface ConfirmWords {
  title: string;
  body: string;
  confirmLabel: string;
  destructive: boolean;
}

export function teammateActionWords(
  action: Exclude<TeamAction, 'set_buildings'>,
  member: Pick<TeamMember, 'name'>,
): ConfirmWords {
  return action === 'deactivate'
    ? {
        title: `Deactivate ${member.name}?`,
        body: `${member.name} is signed out everywhere at once and cannot sign in again until you reactivate them. What they did stays as it is.`,
        confirmLabel: labelOf('teamAction', 'deactivate'),
        destructive: true,
      }
    : {
        title: `Reactivate ${member.name}?`,
        body: `${member.name} can sign in again with their password and sees what their role allows.`,
        confirmLabel: labelOf('teamAction', 'activate'),
        destructive: false,
      };
}

export function teammateActionDone(action: TeamAction, member: TeamMember): string {
  switch (action) {
    case 'deactivate':
      return `${member.name} is deactivated and signed out everywhere.`;
    case 'activate':
      return `${member.name} is active again and can sign in.`;
    case 'set_buildings':
      return `${member.name} now sees ${buildingNames(member.vendor_buildings)}.`;
  }
}

export const inviteSentMessage = (email: string): string =>
  `An invite is on its way to ${email}. Its link works for 7 days.`;

export const inviteWithdrawnMessage = (email: string): string =>
  `The invite to ${email} is withdrawn: its link no longer works.`;
