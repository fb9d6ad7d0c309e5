// What the flags page says about a flag and its value, and the value's check before it is saved.
import { OUTAGE_BANNER_FLAG, parseOutageNotice } from '@hostdash/shared-auth';
import type { Flag } from './flagsApi';

/** Seconds an open dashboard may take to see a change (the shell asks for flags every minute). */
export const FLAG_REACH = 'within a minute';

export function flagSavedMessage(flag: Flag): string {
  if (flag.name === OUTAGE_BANNER_FLAG) {
    const notice = flag.enabled ? parseOutageNotice(flag.value) : null;
    return notice
      ? `The outage banner is on. Open dashboards show it ${FLAG_REACH}.`
      : `The outage banner is off. Open dashboards drop it ${FLAG_REACH}.`;
  }
  return `${flag.name} is ${flag.enabled ? 'on' : 'off'}. Open dashboards follow ${FLAG_REACH}.`;
}

/**
 * Why a flag's value cannot be saved, or null. A value that starts like JSON (an object, an
 * array) must be JSON: the dashboard reads it as such, and a typo would quietly switch it off.
 */
export function flagValueError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > 10_000) return 'Keep the value under 10,000 characters.';
  if (!/^[[{]/.test(trimmed)) return null;
  try {
    JSON.parse(trimmed);
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `This isn't valid JSON: ${reason}`;
  }
}
