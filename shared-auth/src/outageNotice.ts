// The outage banner's flag (spec section 4) and how its value reads, in one place: the shell's
// banner shows it, the admin area's flags page edits it and previews it the same way.

export const OUTAGE_BANNER_FLAG = 'outage_banner_dashboard';

export interface OutageNotice {
  severity: 'info' | 'error';
  text: string;
}

/** Reads the flag's value: JSON `{ severity, text }`, or plain text as an info notice. */
export function parseOutageNotice(value: unknown): OutageNotice | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return value.trim() ? { severity: 'info', text: value.trim() } : null;
    }
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { severity, text } = parsed as { severity?: unknown; text?: unknown };
  if (typeof text !== 'string' || !text.trim()) return null;
  return { severity: severity === 'error' ? 'error' : 'info', text: text.trim() };
}

/** The flag's value for a notice, as the banner reads it back. */
export const outageNoticeValue = (notice: OutageNotice): string =>
  JSON.stringify({ severity: notice.severity, text: notice.text.trim() });
