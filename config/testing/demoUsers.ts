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
  billing: { stripe_customer_id: 'cus_demo_olivia' },
  vendor_buildings: [],
};

/** The demo owner with some fields changed (another role, no payment method …). */
export const demoUser = (overrides: Partial<User> = {}): User => ({ ...DEMO_OWNER, ...overrides });
