// What the users page says: each action's question, its button, and what the snackbar says after.
import { roleInSentence } from '@hostdash/shared-auth';
import type { AdminUser, Subtype, UserAction } from './usersApi';

export interface ActionWords {
  /** The menu item and the dialog's button. */
  label: string;
  title: string;
  /** What the action does, said before it is done. */
  body: string;
  destructive: boolean;
}

export function userActionWords(
  action: UserAction,
  user: AdminUser,
  subtype?: Subtype,
): ActionWords {
  switch (action) {
    case 'deactivate':
      return {
        label: 'Deactivate',
        title: `Deactivate ${user.name}?`,
        body: `${user.name} is signed out everywhere at once and cannot sign in again until reactivated. Their data stays as it is.`,
        destructive: true,
      };
    case 'activate':
      return {
        label: 'Reactivate',
        title: `Reactivate ${user.name}?`,
        body: `${user.name} can sign in again with their password.`,
        destructive: false,
      };
    case 'send_password_reset':
      return {
        label: 'Send password reset',
        title: `Send ${user.name} a password reset mail?`,
        body: `A link to choose a new password goes to ${user.email}. Their current password keeps working until they use it.`,
        destructive: false,
      };
    case 'disable_second_step':
      return {
        label: 'Turn off the second step',
        title: `Turn off ${user.name}'s second step?`,
        body: `For a lost phone: ${user.name} signs in with their password alone until they set up the second step again.`,
        destructive: true,
      };
    case 'set_subtype': {
      return {
        label: 'Change role',
        title: `Make ${user.name} ${roleInSentence(subtype ?? user.subtype)}?`,
        body: `What ${user.name} can see and do changes on their next page.`,
        destructive: false,
      };
    }
  }
}

export function userActionDone(action: UserAction, user: AdminUser): string {
  switch (action) {
    case 'deactivate':
      return `${user.name} is deactivated and signed out everywhere.`;
    case 'activate':
      return `${user.name} is active again.`;
    case 'send_password_reset':
      return `A password reset mail is on its way to ${user.email}.`;
    case 'disable_second_step':
      return `${user.name}'s second step is off.`;
    case 'set_subtype':
      return `${user.name} is now ${roleInSentence(user.subtype)}.`;
  }
}
