// The mails the API sent in this run, as the person they went to would read them: the API writes
// each one as `<id>-<to>.eml` into MAIL_DIR (docs/adr/0013), which playwright.config.ts sets.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the journeys with playwright.config.ts');
  return dir;
}

/** The newest mail to `to`, whole (headers and body), or null while none has arrived. */
export function newestMailTo(to: string): string | null {
  let names: string[];
  try {
    names = readdirSync(mailDir());
  } catch {
    return null; // the API creates the folder with its first mail
  }
  const suffix = `-${to.toLowerCase()}.eml`;
  const newest = names
    .filter((name) => name.endsWith(suffix))
    .sort()
    .at(-1);
  return newest ? readFileSync(path.join(mailDir(), newest), 'utf8') : null;
}

/** The first link of a mail that goes to `pathPrefix` (e.g. `/accept-invite/`). */
export function linkIn(mail: string, pathPrefix: string): string | null {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`https?://\\S+${escaped}\\S+`).exec(mail)?.[0] ?? null;
}
