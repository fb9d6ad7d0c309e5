// The demo users as the API answers them (its seed: api/src/db/seedData.ts), typed by the API
// contract: the one copy every package's tests start from, instead of a user object in each.
import type { User } from '@hostdash/api-contract';

/** Olivia Hart, host (subtype owner) of account 1: `owner@hostdash.test`. */
export const DEMO_OWNER: User = {
  id: '1',
  name: 'Olivia Hart',
  email: 'owner@hostdash.test',
  type: 'user',
  subtype: 'owner',
  is_active: true,
  account_id: '1',
  account_owner: null,
  billing: { stripe_customer_id: 'cus_demo_olivia', past_due_since: null, failed_payment: null },
  vendor_buildings: [],
};

/** The demo owner with some fields changed (another role, no payment method …). */
export const demoUser = (overrides: Partial<User> = {}): User => ({ ...DEMO_OWNER, ...overrides });

/** Marcus Reed, manager (a sub-user) of Olivia Hart's account: `manager@hostdash.test`. */
export const DEMO_MANAGER: User = demoUser({
  id: '2',
  name: 'Marcus Reed',
  email: 'manager@hostdash.test',
  subtype: 'manager',
  account_owner: 'Olivia Hart',
});

/** Diego Alvarez, building staff (vendor) of two of Olivia Hart's buildings: `vendor@hostdash.test`. */
export const DEMO_VENDOR: User = demoUser({
  id: '3',
  name: 'Diego Alvarez',
  email: 'vendor@hostdash.test',
  subtype: 'vendor',
  account_owner: 'Olivia Hart',
  vendor_buildings: [
    { account_id: '1', slug: 'marina-lofts', name: 'Marina Lofts' },
    { account_id: '1', slug: 'wynwood-studios', name: 'Wynwood Studios' },
  ],
});
