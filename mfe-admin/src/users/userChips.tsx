// How a user's role and state read in the list and the panel: staff by their type, everyone else
// by their role in their account; deactivated in words, not only in colour.
import { Chip } from '@mui/material';
import { labelOf } from '@hostdash/shared-auth';
import type { AdminUser } from './usersApi';

export function roleOf(user: AdminUser): string {
  return user.type === 'user'
    ? labelOf('userSubtype', user.subtype)
    : labelOf('userType', user.type);
}

export function ActiveChip({ user }: { user: AdminUser }) {
  return user.is_active ? (
    <Chip size="small" color="success" variant="outlined" label="Active" />
  ) : (
    <Chip size="small" color="default" label="Deactivated" />
  );
}
