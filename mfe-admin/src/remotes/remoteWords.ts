// What the delivery console says: who made a change, how a change reaches people, each action's
// question before it runs, and the canary form's checks.
import type {
  Actor,
  ConsoleChangeAnswer,
  ConsoleChangeRequest,
  ConsoleRemote,
  DeliveryConsoleAction,
} from '@hostdash/shared-auth';

/** Who made a change: the admin's email from the console, or the CLI's user name. */
export function whoOf(change: { actor?: Actor | null; by?: string | null }): string {
  return change.actor?.email || change.by || 'someone unknown';
}

/**
 * How a change reaches people, as the shell does it (shell/src/app/NewVersionNotice.tsx): the
 * server answers each page load from the registry as it is, so a dashboard opened from now on
 * loads the new version; an open dashboard reads the registry again on its next navigation in the
 * app, and one whose page already runs this remote offers a Reload and keeps its version until then.
 */
export function reachOf(
  name: string,
  version: string,
  previous: string | null,
  who = 'Dashboards',
): string {
  const keeps = previous ? `, keeping ${previous} until then` : '';
  return `${who} opened from now on load ${version}. Open dashboards hear of it on their next navigation in the app (they read the registry again at most once a minute); where ${name} is already on screen, they offer a Reload${keeps}.`;
}

/** "25% of sign-ins and 2 named users" */
export function canaryShareOf(percent: number, users: readonly unknown[]): string {
  const parts = [
    ...(percent > 0 ? [`${percent}% of sign-ins`] : []),
    ...(users.length > 0 ? [`${users.length} named user${users.length === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(' and ') || 'nobody';
}

/** A change waiting for its confirmation, and how the dialog names it. */
export interface PendingChange {
  name: string;
  action: DeliveryConsoleAction;
  request: ConsoleChangeRequest;
  title: string;
  text: string;
  confirmLabel: string;
  destructive: boolean;
}

export function rollbackChange(remote: ConsoleRemote, to: string): PendingChange {
  const from = remote.live.version;
  return {
    name: remote.name,
    action: 'rollback',
    request: { version: to, ...(from ? { from } : {}) },
    title: `Roll back ${remote.name} from ${from ?? 'its unversioned build'} to ${to}?`,
    text: `Everyone goes back to ${to}. ${reachOf(remote.name, to, from)}`,
    confirmLabel: 'Roll back',
    destructive: true,
  };
}

/** "Rolling out by linear10-every-5m: step 3 of 9; the next step from 3:15 PM if healthy" */
export function rolloutStepOf(
  rollout: { strategy: string; step: number; steps: number; nextStepAt: string | null },
  formatTime: (iso: string) => string,
): string {
  const last = rollout.step + 1 >= rollout.steps;
  const next = rollout.nextStepAt
    ? `; ${last ? 'everyone' : 'the next step'} from ${formatTime(rollout.nextStepAt)} if healthy`
    : '';
  return `Rolling out by ${rollout.strategy}: step ${rollout.step + 1} of ${rollout.steps}${next}`;
}

/**
 * Promote asks; a candidate the health check judged unhealthy is promoted only when the admin
 * confirms doing it anyway (the request says `force`, as `promote --force` does).
 */
export function promoteChange(remote: ConsoleRemote): PendingChange | null {
  const { canary } = remote;
  if (!canary) return null;
  const from = remote.live.version;
  const unhealthy = canary.health?.verdict === 'unhealthy' ? canary.health : null;
  return {
    name: remote.name,
    action: 'promote',
    request: {
      version: canary.version,
      ...(from ? { from } : {}),
      ...(unhealthy ? { force: true } : {}),
    },
    title: unhealthy
      ? `Promote ${remote.name} ${canary.version} although the health check judged it unhealthy?`
      : `Promote ${remote.name} ${canary.version} to everyone?`,
    text: `${unhealthy ? `The health check found ${unhealthy.reason}. ` : ''}${canary.version} replaces ${from ?? 'the live build'} for everyone, not only the canary's ${canaryShareOf(canary.percent, canary.users)}. ${reachOf(remote.name, canary.version, from)}`,
    confirmLabel: unhealthy ? 'Promote anyway' : 'Promote',
    destructive: unhealthy !== null,
  };
}

export function abortChange(remote: ConsoleRemote): PendingChange | null {
  const { canary } = remote;
  if (!canary) return null;
  const live = remote.live.version;
  return {
    name: remote.name,
    action: 'abort',
    request: { version: canary.version, ...(live ? { from: live } : {}) },
    title: `Abort the canary of ${remote.name} ${canary.version}?`,
    text: `The canary's ${canaryShareOf(canary.percent, canary.users)} go back to ${live ?? 'the live build'}. ${reachOf(remote.name, live ?? 'the live build', canary.version, 'Their dashboards')}`,
    confirmLabel: 'Abort canary',
    destructive: true,
  };
}

export function canaryChange(
  remote: ConsoleRemote,
  version: string,
  percent: number,
  users: string[],
): PendingChange {
  const live = remote.live.version;
  return {
    name: remote.name,
    action: 'canary',
    request: { version, ...(live ? { from: live } : {}), percent, users },
    title: `Start a canary of ${remote.name} ${version}?`,
    text: `${canaryShareOf(percent, users)} get ${version}; everyone else stays on ${live ?? 'the live build'}. ${reachOf(remote.name, version, live, 'Their dashboards')}`,
    confirmLabel: 'Start canary',
    destructive: false,
  };
}

/** The snackbar after a change: the shell server's own sentence for it, and when people get it. */
export function changedMessage(answer: ConsoleChangeAnswer): string {
  const sentence = answer.message.charAt(0).toUpperCase() + answer.message.slice(1);
  return `${sentence}. Open dashboards hear of it on their next navigation.`;
}

export interface CanaryForm {
  percent: string;
  users: string;
}

export interface CanaryFormCheck {
  percent: number;
  users: string[];
  errors: { percent?: string; users?: string };
}

/** The canary form as the server will take it, and what is wrong with it, field by field. */
export function checkCanaryForm(form: CanaryForm): CanaryFormCheck {
  const errors: CanaryFormCheck['errors'] = {};
  const text = form.percent.trim();
  const percent = text === '' ? 0 : Number(text);
  if (!/^\d+$/.test(text || '0') || percent > 100) {
    errors.percent = 'A whole percentage from 0 to 100.';
  }
  const users = [...new Set(form.users.split(/[\s,]+/).filter(Boolean))];
  const notAnId = users.find((user) => !/^\d+$/.test(user));
  if (notAnId) {
    errors.users = `"${notAnId}" is not a user id: name users by their id (the number on the user list), separated by commas.`;
  } else if (!errors.percent && percent === 0 && users.length === 0) {
    errors.percent = 'Give a share above 0%, or name at least one user.';
  }
  return { percent, users, errors };
}
