import type { User } from '@hostdash/shared-auth';

/** The element the shell server fills with this page's ClientConfig (JSON, never executed). */
export const CLIENT_CONFIG_ELEMENT_ID = 'hostdash-config';

/** What the shell server injects into each page (shared by server and client). */
export interface ClientConfig {
  stage: string;
  ssoCookie: string;
  flagsmith: { api: string; environmentKey: string };
  guestPortalUrl: string;
  /** The billing bypass cookie was present on the page load (it may be HttpOnly). */
  billingBypass: boolean;
  /** The signed-in user the server found for this page load, without its session id. */
  user: User | null;
}
