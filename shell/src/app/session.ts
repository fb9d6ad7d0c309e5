// Who is signed in, and signing in and out, as every part of the shell sees it, whether or not the
// dashboard (the store and what runs on it) is loaded yet: a sign-in page without a user never
// loads it (docs/adr/0007). Shell.tsx provides it.
import { createContext, useContext } from 'react';
import type { SignedIn, User } from '@hostdash/shared-auth';

/** The second step a login asked for, until it is answered (in this page only). */
export interface PendingChallenge {
  token: string;
  redirect: string;
}

export interface Session {
  /** The user the server checked for this page load, or who signed in since; null for nobody. */
  user: User | null;
  /** The second step the last login asked for, while it is open. */
  challenge: PendingChallenge | null;
  setChallenge(challenge: PendingChallenge | null): void;
  /** A sign-in is under way: start loading what comes after it, beside the call. */
  expectSignIn(): void;
  /**
   * The API signed the person in (a login without a second step, or the second step): the
   * dashboard takes over, signed in, at `next`. Resolves once it has.
   */
  signIn(signedIn: SignedIn, next: string): Promise<void>;
  /**
   * The sign-out page: signs out in the API if still signed in, and resets the page's state.
   * Resolves once the API has answered (or failed to; the proxy clears the cookie either way).
   */
  signOut(): Promise<void>;
  /**
   * The API could not say who this is (it did not answer, timed out or failed): the session is
   * kept, and the page says the dashboard cannot reach its server instead of asking to sign in.
   */
  apiUnreachable: boolean;
  /**
   * This page was loaded as /logout from another site (or a browser that did not say): the
   * sign-out page asks first. Any navigation inside the page ends it.
   */
  confirmSignOut: boolean;
  /**
   * Asks the API again who this is, as the server's page guard does: signed in, the dashboard
   * continues at this address; a 401 (only) signs out; anything else stays unreachable. Resolves
   * to whether the API answered.
   */
  recheckSession(): Promise<boolean>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the shell');
  return session;
}
