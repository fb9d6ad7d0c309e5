// Preview before canary (issue 35, docs/adr/0042): a Hostdash admin, or any signed-in developer on a
// stage other than production, loads a published version of a remote in their own browser only,
// before any user gets it. The override is a signed, expiring cookie the shell server sets; the
// registry is not changed (the start is recorded in its history). It names the user it was made
// for, and per remote the release (version, manifest, integrity, contract) and when it ends, so the
// shell server resolves that user's registry without asking the store: the previewed release first,
// the live one after it to fall back to (shell/server/registry.ts). Another user, another browser,
// or the same browser once signed out or past the end, gets what the registry says.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { INTEGRITY, REMOTE_NAME, VERSION, type Release } from './model';

/** The cookie's name: one per browser, for every remote previewed in it. */
export const PREVIEW_COOKIE = 'hostdash_preview';
/** How long a preview lasts unless stopped: an afternoon's look, never a standing override. */
export const PREVIEW_TTL_MS = 2 * 60 * 60 * 1000;

/** One remote's previewed release, and when the preview ends (ms since the epoch). */
export interface PreviewRelease extends Release {
  until: number;
}

/** What one browser previews: for which user, per remote. */
export interface Preview {
  user: string;
  remotes: Record<string, PreviewRelease>;
}

/** The signing key, derived from a secret (DELIVERY_TOKEN) so the secret itself signs nothing. */
export const previewKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('hostdash preview v1').digest();

const signature = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** The cookie's value: the preview in base64url JSON, and its HMAC. */
export function signPreview(key: Buffer, preview: Preview): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...preview })).toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

type Fields = Record<string, unknown>;

const fields = (value: unknown): Fields =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

function previewRelease(raw: unknown): PreviewRelease | null {
  const { version, manifest, integrity, contract, until } = fields(raw);
  if (typeof version !== 'string' || !VERSION.test(version)) return null;
  if (typeof manifest !== 'string' || manifest === '') return null;
  if (typeof until !== 'number' || !Number.isFinite(until)) return null;
  if (integrity !== undefined && (typeof integrity !== 'string' || !INTEGRITY.test(integrity)))
    return null;
  if (contract !== undefined && typeof contract !== 'string') return null;
  return {
    version,
    manifest,
    until,
    ...(integrity ? { integrity } : {}),
    ...(contract ? { contract } : {}),
  };
}

/**
 * The preview a cookie value holds for `user` at `now`: only its remotes whose preview has not
 * ended, and null when the value is not one this server signed, was made for someone else, or
 * holds nothing current.
 */
export function readPreview(
  key: Buffer,
  value: string | undefined,
  user: string | null,
  now = Date.now(),
): Preview | null {
  if (!value || !user) return null;
  const [payload, signed, extra] = value.split('.');
  if (!payload || !signed || extra !== undefined) return null;
  const expected = Buffer.from(signature(key, payload));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: Fields;
  try {
    parsed = fields(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (parsed.v !== 1 || parsed.user !== user) return null;
  const remotes: Record<string, PreviewRelease> = {};
  for (const [name, raw] of Object.entries(fields(parsed.remotes))) {
    const release = previewRelease(raw);
    if (REMOTE_NAME.test(name) && release && release.until > now) remotes[name] = release;
  }
  return Object.keys(remotes).length > 0 ? { user, remotes } : null;
}

/** The user a cookie value says it was made for, unchecked: readPreview checks it. */
export function previewUser(value: string): string | null {
  try {
    const { user } = fields(
      JSON.parse(Buffer.from(value.split('.')[0] ?? '', 'base64url').toString('utf8')),
    );
    return typeof user === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** When the last of a preview's remotes ends (the cookie's own end). */
export function previewEnds(preview: Preview): number {
  return Math.max(...Object.values(preview.remotes).map((release) => release.until));
}
