// The frame of a host's account a staff member has opened (issue 33, docs/adr/0031): whose account
// every page now shows, and the way back to the staff area. Leaving takes the session out of the
// account in the API first; the store then starts afresh (store.ts) and the staff area opens
// (FollowViewedAccount, in the dashboard's frame).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  authActions,
  isAdmin,
  selectAuthStatus,
  selectUser,
  STAFF_HOME_PATH,
} from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { FrameBar } from './FrameBar';

/** "Olivia Hart's account": the owner's name when the account has one, else the account's. */
export function viewedAccountWords(viewing: { name: string; owner_name?: string | null }): string {
  return `Viewing ${viewing.owner_name ?? viewing.name}'s account`;
}

/**
 * Where staff go once they have opened an account (its first page) or left it (the staff area).
 * In the dashboard's frame, which outlives every page: opening an account starts the pages' state
 * afresh, and the page that asked may be gone by the time the API has answered.
 */
export function FollowViewedAccount() {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const viewed = user && isAdmin(user) ? (user.viewing?.account_id ?? null) : null;
  const before = useRef(viewed);
  const signedIn = user !== null;
  useEffect(() => {
    if (before.current === viewed) return;
    before.current = viewed;
    // Signing out ends the viewing too: the sign-out page stays.
    if (signedIn) navigate(viewed ? '/' : STAFF_HOME_PATH);
  }, [viewed, signedIn, navigate]);
  return null;
}

export function ViewingBar() {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus).viewAccount;
  const dispatch = useAppDispatch();
  const [leaving, setLeaving] = useState(false);
  const viewing = user && isAdmin(user) ? (user.viewing ?? null) : null;

  useEffect(() => {
    if (leaving && !status.loading) setLeaving(false);
  }, [leaving, status.loading]);

  if (!viewing) return null;
  return (
    <FrameBar
      label="Account you are viewing"
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            dispatch(authActions.viewAccount.requested({ accountId: null }));
          }}
        >
          Back to staff area
        </Button>
      }
    >
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {viewedAccountWords(viewing)}
      </Typography>
      <Typography component="p" variant="body2">
        {viewing.owner_name ? `${viewing.name}. ` : ''}You see its pages as its owner does; what you
        change is recorded as yours.
        {status.error && !status.loading ? ` ${status.error.message}` : ''}
      </Typography>
    </FrameBar>
  );
}
