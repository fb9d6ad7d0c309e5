// What Hostdash tells the person about: each preference that applies to their role a switch, saved
// as it is toggled (said in the snackbar) and put back, with a message, when the API refuses it.
// Mails about the person's own sign-in (a password reset, a changed password or email) always go.
import { useDispatch, useSelector } from 'react-redux';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { User } from '@hostdash/shared-auth';
import { selectSettings } from '../onboardSlice';
import type { NotificationPreferences } from './settingsApi';
import { settingsActions } from './settingsSlice';
import { ALWAYS_SENT, preferencesFor } from './settingsWords';

export function NotificationsSection({
  preferences,
  user,
}: {
  preferences: NotificationPreferences;
  user: User | null;
}) {
  const dispatch = useDispatch();
  const { savingPreferences } = useSelector(selectSettings);
  const choices = preferencesFor(user);
  return (
    <Stack spacing={1.5}>
      {choices.length === 0 && (
        <Typography>
          Hostdash sends you no mails or bell notifications you can choose: those about stays and
          imports go to the account’s owner and managers.
        </Typography>
      )}
      {choices.map(({ kind, label, detail }) => (
        <Box key={kind}>
          <FormControlLabel
            sx={{ m: 0, gap: 1 }}
            control={
              <Switch
                checked={preferences[kind]}
                onChange={(event) => {
                  // One save at a time per switch, so its answer decides what it shows. Not
                  // disabled meanwhile: a disabled switch would lose the keyboard's focus.
                  if (savingPreferences.includes(kind)) return;
                  dispatch(
                    settingsActions.savePreferences.requested({ [kind]: event.target.checked }),
                  );
                }}
                slotProps={{ input: { 'aria-describedby': `${kind}-detail` } }}
              />
            }
            label={label}
          />
          <Typography id={`${kind}-detail`} variant="body2" color="textSecondary" sx={{ pl: 8 }}>
            {detail}
          </Typography>
        </Box>
      ))}
      <Typography variant="body2" color="textSecondary">
        {ALWAYS_SENT}
      </Typography>
    </Stack>
  );
}
