// Issue 12: a refused page used to redirect to `/error/…`, and the link the user opened was lost
// (nothing to copy to the owner, nothing to come back to). A refusal the user can only read about
// now shows at the address they opened; the server sends it with the status a redirect hid.
import { ERROR_PATHS, type AccessDecision } from '@hostdash/shared-auth';

/** Which error page (`/error/:id`) tells the user about the refusal. */
export type ErrorPageId = 'not-found' | 'not-allowed' | 'buildings-only';

export interface RefusalInPlace {
  page: ErrorPageId;
  status: 403 | 404;
}

/**
 * The error page to show in place of a refused page, or null for a refusal that leads somewhere
 * (sign-in, sign-out, billing, a vendor's `/` to their first building): those still redirect.
 * An admin page stays "not found" for everyone else, as the access rules say.
 */
export function refusalInPlace(decision: AccessDecision): RefusalInPlace | null {
  if (decision.allowed) return null;
  switch (decision.rule) {
    case 'unknown-page':
    case 'admin-only':
      return { page: 'not-found', status: 404 };
    case 'owner-only':
      return { page: 'not-allowed', status: 403 };
    case 'vendor':
      return decision.redirect === ERROR_PATHS.buildingNotFound
        ? { page: 'buildings-only', status: 403 }
        : null;
    default:
      return null;
  }
}
