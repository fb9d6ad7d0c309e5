// The account part of the contract (auth, password reset, notifications, flags, admin, health).
import type { NamedSchema } from '../http/schemas';

export const ACCOUNT_SCHEMAS: NamedSchema[] = [];
