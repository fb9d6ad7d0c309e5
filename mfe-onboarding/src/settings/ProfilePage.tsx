// `/settings/profile` (every signed-in person, issue 33): the person's own settings — name and
// email, password, the second step of sign-in, and what Hostdash tells them about. The account's
// settings (connected systems, guest check-in links, billing) are the owner's, at `/settings`,
// linked from here for the people who may open it. Each section loads, fails and retries on its own.
import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { LinearProgress, Link, Stack, Typography } from '@mui/material';
import { isAdmin, isOwnerOrAdmin, selectUser, type RemoteStatus } from '@hostdash/shared-auth';
import { LoadError, PageFrame, routeFrame } from '@hostdash/shared-ui';
import { selectSettings } from '../onboardSlice';
import { NotificationsSection } from './NotificationsSection';
import { ProfileSection } from './ProfileSection';
import { SecondStepSection } from './SecondStepSection';
import { SettingsSection } from './SettingsSection';
import { settingsActions } from './settingsSlice';

export const ACCOUNT_SETTINGS_PATH = '/settings';
export const PERSONAL_SETTINGS_PATH = '/settings/profile';

/** A section that needs the profile: its progress, or why it could not load (with Retry). */
function WithProfile<Value>({
  value,
  status,
  what,
  children,
}: {
  value: Value | null;
  status: RemoteStatus;
  what: string;
  children: (value: Value) => ReactNode;
}) {
  const dispatch = useDispatch();
  if (value) return children(value);
  if (status.error)
    return (
      <LoadError
        error={status.error}
        onRetry={() => dispatch(settingsActions.loadProfile.requested())}
      />
    );
  return <LinearProgress aria-label={`Loading ${what}`} />;
}

export function ProfilePage() {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const { profile, preferences, status } = useSelector(selectSettings);
  useEffect(() => {
    dispatch(settingsActions.loadProfile.requested());
    return () => void dispatch(settingsActions.left());
  }, [dispatch]);
  // The account's settings are its owner's; Hostdash staff have no account of their own to set.
  const ownsAccount = user !== null && isOwnerOrAdmin(user) && !isAdmin(user);

  return (
    <PageFrame {...routeFrame('/settings/profile')}>
      <Stack spacing={3}>
        {ownsAccount && (
          <Typography>
            Connected systems, guest check-in links and billing are your account’s:{' '}
            <Link component={RouterLink} to={ACCOUNT_SETTINGS_PATH}>
              Account settings
            </Link>
            .
          </Typography>
        )}
        <SettingsSection title="Profile" subheader="Who you are to Hostdash, and your password.">
          <WithProfile value={profile} status={status.profile} what="your profile">
            {(loaded) => <ProfileSection profile={loaded} />}
          </WithProfile>
        </SettingsSection>
        <SettingsSection
          title="Second step"
          subheader="A code from an authenticator app at sign-in, as well as your password."
        >
          <WithProfile value={profile} status={status.profile} what="the second step">
            {(loaded) => <SecondStepSection profile={loaded} />}
          </WithProfile>
        </SettingsSection>
        <SettingsSection title="Notifications" subheader="What Hostdash tells you about.">
          <WithProfile value={preferences} status={status.profile} what="your notifications">
            {(loaded) => <NotificationsSection preferences={loaded} user={user} />}
          </WithProfile>
        </SettingsSection>
      </Stack>
    </PageFrame>
  );
}
