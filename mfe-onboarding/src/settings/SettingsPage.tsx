// `/settings` (owner only, spec section 2): the account's connected systems, the person's profile
// and password, the second step of sign-in, what Hostdash tells them about, when guests are mailed
// their check-in link, and the way to the risk tolerance (on the protect page). Each section loads, fails and retries on its own.
import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { LinearProgress, Link, Stack, Typography } from '@mui/material';
import type { RemoteStatus } from '@hostdash/shared-auth';
import { LoadError, PageFrame } from '@hostdash/shared-ui';
import { selectSettings } from '../onboardSlice';
import { ConnectedSystems } from './ConnectedSystems';
import { GuestInvitesSection } from './GuestInvitesSection';
import { NotificationsSection } from './NotificationsSection';
import { ProfileSection } from './ProfileSection';
import { SecondStepSection } from './SecondStepSection';
import { SettingsSection } from './SettingsSection';
import { settingsActions } from './settingsSlice';

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

export function SettingsPage() {
  const dispatch = useDispatch();
  const { profile, preferences, status } = useSelector(selectSettings);
  useEffect(() => {
    dispatch(settingsActions.loadIntegrations.requested());
    dispatch(settingsActions.loadProfile.requested());
    return () => void dispatch(settingsActions.left());
  }, [dispatch]);

  return (
    <PageFrame
      width="form"
      title="Settings"
      subtitle="Your connected systems, your profile and sign-in, and what Hostdash tells you about."
    >
      <Stack spacing={3}>
        <ConnectedSystems />
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
            {(loaded) => <NotificationsSection preferences={loaded} />}
          </WithProfile>
        </SettingsSection>
        <SettingsSection
          title="Guest check-in links"
          subheader="When Hostdash mails your guests the link to check in online."
        >
          <GuestInvitesSection />
        </SettingsSection>
        <SettingsSection title="Risk tolerance">
          <Typography>
            Risk tolerance is on the{' '}
            <Link component={RouterLink} to="/protect">
              Protect page
            </Link>
            .
          </Typography>
        </SettingsSection>
      </Stack>
    </PageFrame>
  );
}
