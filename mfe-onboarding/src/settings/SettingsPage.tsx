// `/settings` (owner only, spec section 2): the account's settings — its connected systems, when
// guests are mailed their check-in link, and the ways to the risk tolerance and billing.
// The person's own settings (profile, password, second step, notifications) are every role's, at
// `/settings/profile`, linked from here. Each section loads, fails and retries on its own.
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { Link, Stack, Typography } from '@mui/material';
import { PageFrame, routeFrame } from '@hostdash/shared-ui';
import { ConnectedSystems } from './ConnectedSystems';
import { GuestInvitesSection } from './GuestInvitesSection';
import { PERSONAL_SETTINGS_PATH } from './ProfilePage';
import { SettingsSection } from './SettingsSection';
import { settingsActions } from './settingsSlice';

export function SettingsPage() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(settingsActions.loadIntegrations.requested());
    return () => void dispatch(settingsActions.left());
  }, [dispatch]);

  return (
    <PageFrame {...routeFrame('/settings')}>
      <Stack spacing={3}>
        <Typography>
          Your name, email, password, second step and notifications are in{' '}
          <Link component={RouterLink} to={PERSONAL_SETTINGS_PATH}>
            Your settings
          </Link>
          .
        </Typography>
        <ConnectedSystems />
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
        <SettingsSection title="Billing">
          <Typography>
            Your payment card and invoices are on the{' '}
            <Link component={RouterLink} to="/billing">
              Billing page
            </Link>
            .
          </Typography>
        </SettingsSection>
      </Stack>
    </PageFrame>
  );
}
