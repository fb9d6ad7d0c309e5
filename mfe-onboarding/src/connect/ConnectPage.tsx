// `/connect/{pms}` (public, spec section 2): one screen per system. What will be imported and how
// it connects; a visitor signs in or creates an account here (a sign-up link fills the form in);
// the owner types the system's credentials (checked against the system before anything starts)
// or approves Hostdash on the system's own page (OAuth, back here with `code` and `state`); then
// the import's progress, to a summary or to what failed with "Try again". An unknown system is a
// not-found page listing the ones Hostdash connects.
import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Box, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { isOwnerOrAdmin, selectUser } from '@hostdash/shared-auth';
import { PageFrame } from '@hostdash/shared-ui';
import { selectOnboard } from '../onboardSlice';
import { AccountStep } from './AccountStep';
import { connectActions } from './connectSlice';
import { CredentialsForm } from './CredentialsForm';
import { ImportProgress } from './ImportProgress';
import type { PmsName, PmsSystem } from './onboardApi';
import { authInWords, IMPORTED } from './systemWords';
import { UnknownSystem } from './UnknownSystem';
import { useSystems } from './useSystems';

/** The provider's answer on the way back from OAuth, read once and taken out of the address. */
function useOAuthReturn(system: PmsSystem | undefined, signedIn: boolean) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  useEffect(() => {
    if (!system || !signedIn || system.auth !== 'oauth' || !state) return;
    if (code) dispatch(connectActions.finishOAuth.requested({ pms: system.name, code, state }));
    // The code and state are spent or refused: they leave the address (and the history).
    navigate(`/connect/${system.name}${denied ? '?denied=1' : ''}`, { replace: true });
  }, [system, signedIn, code, state, denied, dispatch, navigate]);
  return params.get('denied') === '1';
}

function WhatComesIn({ system }: { system: PmsSystem }) {
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        What comes in
      </Typography>
      <List dense disablePadding>
        {IMPORTED.map((line) => (
          <ListItem key={line} disableGutters sx={{ alignItems: 'start' }}>
            <ListItemText primary={line} />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="textSecondary">
        {authInWords(system)} Hostdash only reads from {system.label}; it changes nothing there.
      </Typography>
    </Box>
  );
}

export function ConnectPage() {
  const { pms = '' } = useParams();
  const [params] = useSearchParams();
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const { task, context } = useSelector(selectOnboard);
  const { systems: list, placeholder } = useSystems();
  const systems = list?.items;
  const system = useMemo(
    () => systems?.find((candidate) => candidate.name === pms),
    [systems, pms],
  );
  const reconnecting = params.get('reconnect') === '1';
  const owner = user !== null && isOwnerOrAdmin(user);

  useEffect(() => {
    if (!system) return;
    dispatch(connectActions.opened({ pms: system.name }));
  }, [system, dispatch]);
  const denied = useOAuthReturn(system, user !== null);
  // Signed in as the owner: an import of this system under way, failed or done is shown as such
  // (not on the way back from OAuth, nor when reconnecting with new credentials).
  const returning = params.has('state') || reconnecting;
  // By the system's name: the list read again (a new object) is not a new page.
  const systemName = system?.name;
  useEffect(() => {
    if (!systemName || !owner || returning) return;
    dispatch(connectActions.resume.requested({ pms: systemName }));
  }, [systemName, owner, returning, dispatch]);
  useEffect(() => () => void dispatch(connectActions.left()), [dispatch]);

  if (!systems) return placeholder;
  if (!system) return <UnknownSystem name={pms} systems={systems} />;

  const pmsName: PmsName = system.name;
  const importing =
    context.phase === 'following' || context.phase === 'finished' || context.phase === 'failed';
  return (
    <PageFrame
      width="form"
      title={`Connect ${system.label}`}
      subtitle={`Bring your listings and reservations from ${system.label} into Hostdash.`}
    >
      <Stack spacing={3}>
        {!importing && <WhatComesIn system={system} />}
        {!system.connectable && (
          <Alert severity="info">
            {system.label} cannot be connected yet: Hostdash has no live connection to it. Nothing
            will be imported. Write to support to be told when it can.
          </Alert>
        )}
        {system.connectable && !user && <AccountStep system={system} />}
        {system.connectable && user && !owner && (
          <Alert severity="info">
            Connecting a system is for the account owner
            {user.account_owner ? `: ask ${user.account_owner}` : ''}.
          </Alert>
        )}
        {system.connectable && owner && (
          <>
            {denied && context.phase === 'form' && (
              <Alert severity="warning">
                You did not allow Hostdash to read your {system.label} account, so nothing was
                connected. Connect again when you are ready.
              </Alert>
            )}
            {(context.phase === 'form' ||
              context.phase === 'starting' ||
              context.phase === 'authorizing') && (
              <CredentialsForm
                key={pmsName}
                system={system}
                sandbox={context.systems?.sandbox ?? false}
                busy={context.phase !== 'form'}
                authorizing={context.phase === 'authorizing'}
                error={context.error}
              />
            )}
            {importing && task && <ImportProgress system={system} task={task} context={context} />}
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
