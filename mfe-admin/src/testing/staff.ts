// The Hostdash staff member the admin area's tests sign in as, and whom the stand-in APIs name
// as the one who made a change: one copy for every page's tests.
import type { User } from '@hostdash/shared-auth';
import { demoUser } from '@hostdash/testing/demoUsers';

export const STAFF: User = demoUser({
  id: '5',
  name: 'Ada Admin',
  email: 'admin@hostdash.test',
  type: 'admin',
  subtype: 'admin',
});

/** The staff member as an audit entry or a flag's `updated_by` names them. */
export const STAFF_ACTOR = { id: STAFF.id, name: STAFF.name, email: STAFF.email };
