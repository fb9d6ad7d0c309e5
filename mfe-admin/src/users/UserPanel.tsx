// One user's panel on /users: who they are and where (account, role, state, last sign-in, second
// step, billing: the card, past due since when, the failed payment), what an admin can do to them — each action asked first, said after — and the
// audit log of what was done to them, newest first.
import { useEffect, type ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  formatDate,
  formatDateTime,
  formatMonth,
  labelOf,
  selectUser,
} from '@hostdash/shared-auth';
import {
  ConfirmDialog,
  InvoiceStatusChip,
  LoadError,
  PastDueChip,
  useDelayed,
} from '@hostdash/shared-ui';
import { OpenAccountButton } from '../accounts/OpenAccountButton';
import { selectAdmin } from '../adminSlice';
import { usePendingChange } from '../usePendingChange';
import type { AdminUserDetail, AuditEntry, Subtype, UserUpdate } from './usersApi';
import { userClosed, usersActions } from './usersSlice';
import { ActiveChip, roleOf } from './userChips';
import { userActionWords } from './userWords';

const SUBTYPES: readonly Subtype[] = ['owner', 'manager', 'vendor', 'admin'];

export function UserPanel({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const { selectedUser, status } = useSelector(selectAdmin);
  const showSkeleton = useDelayed(status.selected.loading);

  useEffect(() => {
    if (userId) dispatch(usersActions.select.requested(userId));
    else dispatch(userClosed());
  }, [dispatch, userId]);

  const detail = selectedUser?.user.id === userId ? selectedUser : null;

  return (
    <Drawer
      anchor="right"
      open={userId !== null}
      onClose={onClose}
      // Over the shell's app bar (which sits above the side menu), as a dialog does.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 460 } },
          role: 'dialog',
          'aria-label': detail ? detail.user.name : 'User',
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5 }}>
        <Typography variant="h2" sx={{ flex: 1, fontSize: '1.25rem' }} noWrap>
          {detail ? detail.user.name : showSkeleton ? <Skeleton width={200} /> : 'User'}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <span aria-hidden>✕</span>
        </IconButton>
      </Stack>
      <Box sx={{ p: 2, pt: 1 }}>
        {status.selected.error && !detail ? (
          status.selected.error.status === 404 ? (
            <Typography>There is no user with this id. They may have been removed.</Typography>
          ) : (
            <LoadError
              error={status.selected.error}
              onRetry={() => userId && dispatch(usersActions.select.requested(userId))}
            />
          )
        ) : detail ? (
          <UserDetail detail={detail} />
        ) : null}
      </Box>
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75 }}>
      <Typography variant="body2" color="textSecondary" sx={{ width: 120, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, typography: 'body2' }}>{children}</Box>
    </Stack>
  );
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const dispatch = useDispatch();
  const me = useSelector(selectUser);
  const { status } = useSelector(selectAdmin);
  const change = usePendingChange<UserUpdate>(status.update);
  const { user, account, audit } = detail;
  const self = me?.id === user.id;
  const hostUser = user.type === 'user';
  const words = change.pending
    ? userActionWords(change.pending.action, user, change.pending.subtype)
    : null;
  const ask = (update: Omit<UserUpdate, 'userId'>) => change.ask({ userId: user.id, ...update });

  return (
    <Stack spacing={2}>
      <Box>
        <Fact label="Email">
          <Link href={`mailto:${user.email}`}>{user.email}</Link>
        </Fact>
        <Fact label="Account">
          {account.name}
          {account.owner && account.owner.id !== user.id && (
            <Typography variant="body2" color="textSecondary">
              Owner: {account.owner.name} ({account.owner.email})
            </Typography>
          )}
          {/* A host's pages open only inside their account (issue 33). */}
          {hostUser && (
            <Box sx={{ mt: 1 }}>
              <OpenAccountButton accountId={account.id} />
            </Box>
          )}
        </Fact>
        <Fact label="Type">{labelOf('userType', user.type)}</Fact>
        <Fact label="Role">{roleOf(user)}</Fact>
        {user.vendor_buildings.length > 0 && (
          <Fact label="Buildings">{user.vendor_buildings.map((b) => b.name).join(', ')}</Fact>
        )}
        <Fact label="Status">
          <ActiveChip user={user} />
        </Fact>
        <Fact label="Last sign-in">
          {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never signed in'}
        </Fact>
        <Fact label="Second step">{user.totp_enabled ? 'On (authenticator app)' : 'Off'}</Fact>
        <Fact label="Billing">
          {!hostUser
            ? 'Not billed (Hostdash staff)'
            : user.billing.stripe_customer_id
              ? 'Payment method on file'
              : 'No payment method yet'}
        </Fact>
        {hostUser && user.billing.past_due_since && (
          <Fact label="Past due">
            <Stack
              direction="row"
              useFlexGap
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <PastDueChip />
              <span>since {formatDate(user.billing.past_due_since)}</span>
            </Stack>
          </Fact>
        )}
        {hostUser && user.billing.failed_payment && (
          <Fact label="Failed payment">
            <Stack spacing={0.5}>
              <span>
                {formatMonth(user.billing.failed_payment.period)}:{' '}
                {user.billing.failed_payment.message}
              </span>
              <InvoiceStatusChip
                status="failed"
                nextTryAt={user.billing.failed_payment.next_try_at}
              />
            </Stack>
          </Fact>
        )}
        <Fact label="Joined">{formatDateTime(user.created_at)}</Fact>
      </Box>

      <Divider />
      <Stack spacing={1.5}>
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          Actions
        </Typography>
        {self ? (
          <Typography variant="body2" color="textSecondary">
            This is you: another admin changes your own account.
          </Typography>
        ) : (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {user.is_active ? (
              <Button
                variant="outlined"
                color="error"
                onClick={() => ask({ action: 'deactivate' })}
              >
                Deactivate
              </Button>
            ) : (
              <Button variant="contained" onClick={() => ask({ action: 'activate' })}>
                Reactivate
              </Button>
            )}
            <Button
              variant="outlined"
              disabled={!user.is_active}
              onClick={() => ask({ action: 'send_password_reset' })}
            >
              Send password reset
            </Button>
            {user.totp_enabled && (
              <Button variant="outlined" onClick={() => ask({ action: 'disable_second_step' })}>
                Turn off second step
              </Button>
            )}
          </Stack>
        )}
        {hostUser && !self && (
          <TextField
            select
            label="Role"
            value={user.subtype}
            onChange={(event) => {
              const subtype = event.target.value as Subtype;
              if (subtype !== user.subtype) ask({ action: 'set_subtype', subtype });
            }}
            helperText="Changing it asks first."
            sx={{ maxWidth: 240 }}
          >
            {SUBTYPES.map((subtype) => (
              <MenuItem key={subtype} value={subtype}>
                {labelOf('userSubtype', subtype)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>

      <Divider />
      <AuditLog entries={audit} />

      <ConfirmDialog
        open={change.pending !== null}
        title={words?.title ?? ''}
        confirmLabel={words?.label ?? ''}
        destructive={words?.destructive}
        busy={change.busy}
        error={change.error}
        onConfirm={() =>
          change.confirm((update) => dispatch(usersActions.update.requested(update)))
        }
        onCancel={change.cancel}
      >
        <Typography>{words?.body}</Typography>
      </ConfirmDialog>
    </Stack>
  );
}

/** What an entry's detail says beside its action: a role's change, a vendor's buildings, an invite. */
function auditDetail(entry: AuditEntry): string | null {
  const { from, to, email } = entry.detail as { from?: unknown; to?: unknown; email?: unknown };
  const buildings = (value: unknown) =>
    Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : 'none';
  if (typeof from === 'string' && typeof to === 'string')
    return `${labelOf('userSubtype', from)} → ${labelOf('userSubtype', to)}`;
  if (Array.isArray(from) || Array.isArray(to)) return `${buildings(from)} → ${buildings(to)}`;
  if (typeof email === 'string') return email;
  return null;
}

function AuditLog({ entries }: { entries: AuditEntry[] }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h3" sx={{ fontSize: '1rem' }}>
        History
      </Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No changes by an admin or the account’s owner yet.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="History">
          {entries.map((entry) => {
            const extra = auditDetail(entry);
            return (
              <ListItem key={entry.id} disableGutters alignItems="flex-start">
                <ListItemText
                  primary={
                    <>
                      {labelOf('auditAction', entry.action)}
                      {extra && (
                        <Chip size="small" variant="outlined" label={extra} sx={{ ml: 1 }} />
                      )}
                    </>
                  }
                  secondary={`${formatDateTime(entry.created_at)} · by ${entry.actor.name} (${entry.actor.email})`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
