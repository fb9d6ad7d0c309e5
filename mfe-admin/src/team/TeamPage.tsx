// `/accounts/:id?/:action?` (the account's owner; Hostdash staff for any account): the people of
// the account with their role, what they see, whether they are active and when they last signed
// in; the invites not yet accepted; inviting a teammate, changing a vendor's buildings,
// (de)activating a teammate and withdrawing an invite, each asked first where it cannot simply be
// taken back, said in the snackbar once done, and refused in the dialog that asked.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, Card, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { formatDate, formatDateTime, isAdmin, labelOf, selectUser } from '@hostdash/shared-auth';
import {
  ConfirmDialog,
  EmptyState,
  type ListColumn,
  LoadError,
  messageOf,
  PageFrame,
  ResponsiveList,
  useSubmission,
} from '@hostdash/shared-ui';
import { selectAdmin } from '../adminSlice';
import { BuildingsDialog } from './BuildingsDialog';
import { InviteDialog } from './InviteDialog';
import type { TeamInvite, TeamMember } from './teamApi';
import { buildingsPath, invitePath, readTeamAddress, teamPath } from './teamPaths';
import { teamActions } from './teamSlice';
import { buildingNames, teammateActionWords, whatTheySee } from './teamWords';

/** A change waiting for its confirmation. */
type Pending =
  | { kind: 'member'; action: 'deactivate' | 'activate'; member: TeamMember }
  | { kind: 'invite'; invite: TeamInvite };

function MemberName({ member, isCaller }: { member: TeamMember; isCaller: boolean }) {
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{member.name}</Typography>
        {isCaller && (
          <Typography variant="body2" color="textSecondary">
            (you)
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Typography>
    </>
  );
}

/** One of the page's lists (its people, its open invites), titled, as a table or as cards. */
function TeamList<Row extends { id: string }>({
  title,
  subheader,
  columns,
  rows,
}: {
  title: string;
  subheader: string;
  columns: ListColumn<Row>[];
  rows: Row[];
}) {
  return (
    <Card>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <ResponsiveList
        label={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        placeholders={0}
      />
    </Card>
  );
}

function ConfirmChange({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectAdmin).team;
  const submission = useSubmission(
    pending?.kind === 'invite' ? status.cancelInvite : status.update,
    onClose,
  );
  const words =
    pending?.kind === 'member'
      ? teammateActionWords(pending.action, pending.member)
      : pending?.kind === 'invite'
        ? {
            title: `Withdraw the invite to ${pending.invite.email}?`,
            body: `The link in the mail stops working at once. You can invite ${pending.invite.email} again later.`,
            confirmLabel: 'Withdraw invite',
            destructive: false,
          }
        : null;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={words?.title ?? ''}
      confirmLabel={words?.confirmLabel ?? ''}
      destructive={words?.destructive}
      busy={submission.busy}
      error={submission.error ? messageOf(submission.error) : null}
      onConfirm={() => {
        if (!pending) return;
        submission.started();
        dispatch(
          pending.kind === 'invite'
            ? teamActions.cancelInvite.requested({
                inviteId: pending.invite.id,
                email: pending.invite.email,
              })
            : teamActions.update.requested({ userId: pending.member.id, action: pending.action }),
        );
      }}
      onCancel={onClose}
    >
      {words?.body}
    </ConfirmDialog>
  );
}

export function TeamPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const caller = useSelector(selectUser);
  const { team, status } = useSelector(selectAdmin).team;
  const address = readTeamAddress(params, search);
  const accountId = address?.accountId;
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    if (address) dispatch(teamActions.load.requested(accountId ? { accountId } : {}));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new account, not a new dialog
  }, [dispatch, accountId, address === null]);

  if (!address) {
    return (
      <PageFrame width="list" title="Team">
        <Card>
          <EmptyState title="There is no such page of the team">
            <Button component={RouterLink} to={teamPath()} sx={{ mt: 1 }}>
              Open your team
            </Button>
          </EmptyState>
        </Card>
      </PageFrame>
    );
  }

  const backToTeam = () => navigate(teamPath(accountId));
  const staffElsewhere =
    caller !== null && isAdmin(caller) && team !== null && team.account.id !== caller.account_id;
  const teammates = team?.members.filter((member) => !member.is_owner) ?? [];
  const { dialog } = address;
  const editedVendor =
    dialog.kind === 'buildings'
      ? team?.members.find((member) => member.id === dialog.userId && member.subtype === 'vendor')
      : undefined;
  const changeable = (member: TeamMember) => !member.is_owner && member.id !== caller?.id;

  const memberColumns: ListColumn<TeamMember>[] = [
    {
      key: 'name',
      header: 'Name',
      phone: 'primary',
      width: '28%',
      render: (member) => <MemberName member={member} isCaller={member.id === caller?.id} />,
    },
    {
      key: 'role',
      header: 'Role',
      render: (member) => labelOf('userSubtype', member.subtype),
    },
    {
      key: 'buildings',
      header: 'Sees',
      render: (member) => whatTheySee(member),
    },
    {
      key: 'state',
      header: 'Access',
      width: 130,
      render: (member) =>
        member.is_active ? (
          <Chip size="small" color="success" variant="outlined" label="Active" />
        ) : (
          <Chip size="small" label="Deactivated" />
        ),
    },
    {
      key: 'lastSignIn',
      header: 'Last sign-in',
      width: 200,
      render: (member) =>
        member.last_sign_in_at ? formatDateTime(member.last_sign_in_at) : 'Never',
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      // The table's layout is fixed: room for "Change buildings" on one line.
      width: 190,
      render: (member) =>
        changeable(member) ? (
          <Stack
            // Stacked at the row's right edge on a table; side by side on a card.
            direction={{ xs: 'row', md: 'column' }}
            spacing={0.5}
            useFlexGap
            sx={{
              alignItems: { xs: 'center', md: 'flex-end' },
              flexWrap: 'wrap',
              '& .MuiButton-root': { whiteSpace: 'nowrap' },
            }}
          >
            {member.subtype === 'vendor' && member.is_active && (
              <Button
                size="small"
                component={RouterLink}
                to={buildingsPath(member.id, accountId)}
                aria-label={`Change buildings: ${member.name}`}
              >
                {labelOf('teamAction', 'set_buildings')}
              </Button>
            )}
            <Button
              size="small"
              color={member.is_active ? 'error' : 'primary'}
              onClick={() =>
                setPending({
                  kind: 'member',
                  action: member.is_active ? 'deactivate' : 'activate',
                  member,
                })
              }
              aria-label={`${labelOf('teamAction', member.is_active ? 'deactivate' : 'activate')} ${member.name}`}
            >
              {labelOf('teamAction', member.is_active ? 'deactivate' : 'activate')}
            </Button>
          </Stack>
        ) : (
          <Typography variant="body2" color="textSecondary">
            {member.is_owner ? 'Account owner' : ''}
          </Typography>
        ),
    },
  ];

  const inviteColumns: ListColumn<TeamInvite>[] = [
    {
      key: 'email',
      header: 'Invited',
      phone: 'primary',
      width: '28%',
      render: (invite) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>{invite.name}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {invite.email}
          </Typography>
        </>
      ),
    },
    { key: 'role', header: 'Role', render: (invite) => labelOf('userSubtype', invite.subtype) },
    {
      key: 'buildings',
      header: 'Sees',
      render: (invite) =>
        invite.subtype === 'vendor' ? buildingNames(invite.buildings) : 'Every building',
    },
    {
      key: 'expires',
      header: 'Link works until',
      width: 200,
      render: (invite) =>
        Date.parse(invite.expires_at) <= Date.now() ? (
          <Typography variant="body2" color="error">
            Expired {formatDate(invite.expires_at)}: invite again
          </Typography>
        ) : (
          formatDate(invite.expires_at)
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 190,
      render: (invite) => (
        <Button
          size="small"
          onClick={() => setPending({ kind: 'invite', invite })}
          aria-label={`Withdraw the invite to ${invite.email}`}
        >
          Withdraw
        </Button>
      ),
    },
  ];

  const inviteButton = (
    <Button variant="contained" component={RouterLink} to={invitePath(accountId)}>
      Invite a teammate
    </Button>
  );

  return (
    <PageFrame
      width="list"
      title={staffElsewhere && team ? `${team.account.name}: team` : 'Team'}
      subtitle={
        team
          ? `The people of ${team.account.name} and what each may see. Only the account owner changes it.`
          : undefined
      }
      actions={team ? inviteButton : undefined}
    >
      {status.load.error && (
        <LoadError
          error={status.load.error}
          onRetry={() => dispatch(teamActions.load.requested(accountId ? { accountId } : {}))}
        />
      )}
      {team && (
        <>
          <TeamList
            title="People"
            subheader={`${team.members.length} ${team.members.length === 1 ? 'person' : 'people'}`}
            columns={memberColumns}
            rows={team.members}
          />
          {teammates.length === 0 && team.invites.length === 0 ? (
            <Card>
              <EmptyState title="Nobody else is on this team yet">
                Invite a manager to run listings and reservations with you, or building staff to see
                the stays arriving at their building.
              </EmptyState>
              <Box sx={{ display: 'flex', justifyContent: 'center', pb: 4, mt: -2 }}>
                {inviteButton}
              </Box>
            </Card>
          ) : (
            team.invites.length > 0 && (
              <TeamList
                title="Open invites"
                subheader="Not accepted yet. An invite’s link works for 7 days."
                columns={inviteColumns}
                rows={team.invites}
              />
            )
          )}
          {dialog.kind === 'invite' && (
            <InviteDialog
              accountId={accountId}
              accountName={team.account.name}
              buildings={team.buildings}
              onClose={backToTeam}
            />
          )}
          {dialog.kind === 'buildings' &&
            (editedVendor ? (
              <BuildingsDialog
                key={editedVendor.id}
                vendor={editedVendor}
                buildings={team.buildings}
                onClose={backToTeam}
              />
            ) : (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={backToTeam}>
                    Close
                  </Button>
                }
              >
                There is no building staff with this id in {team.account.name}.
              </Alert>
            ))}
        </>
      )}
      <ConfirmChange
        // A new question starts without the last one's refusal.
        key={
          pending
            ? `${pending.kind}-${pending.kind === 'invite' ? pending.invite.id : pending.member.id}`
            : 'none'
        }
        pending={pending}
        onClose={() => setPending(null)}
      />
    </PageFrame>
  );
}
