// The invite to join an account's team (the team page's "Invite"): who invites, to what, as what.
import type { InvitedSubtype } from '../../accounts/teamSchemas';
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

export interface TeamInvite {
  /** The invited person's name. */
  name: string;
  subtype: InvitedSubtype;
  accountName: string;
  invitedBy: string;
  /** The buildings building staff (vendors) are invited for. */
  buildings: readonly string[];
  /** `/accept-invite/<token>`: once, for 7 days. */
  link: string;
}

export function teamInviteMail(invite: TeamInvite): MailContent {
  const role =
    invite.subtype === 'vendor'
      ? `building staff for ${invite.buildings.join(', ')}`
      : 'a manager of its listings and reservations';
  return layoutMail({
    subject: `${invite.invitedBy} invited you to ${invite.accountName} on Hostdash`,
    greeting: `Hello ${invite.name},`,
    paragraphs: [
      `${invite.invitedBy} invited you to join ${invite.accountName} on Hostdash as ${role}.`,
      'Open this link within 7 days to choose your password and sign in:',
    ],
    action: { label: 'Accept the invite', url: invite.link },
    after: ['If you did not expect this, ignore this mail: nothing happens without the link.'],
  });
}
