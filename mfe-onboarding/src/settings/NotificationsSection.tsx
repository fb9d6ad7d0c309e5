// What Hostdash tells the person about: each preference a switch, saved as it is toggled (said in
// the snackbar) and put back, with a message, when the API refuses it.
import { useDispatch, useSelector } from 'react-redux';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { selectSettings } from '../onboardSlice';
import type { NotificationPreferences } from './settingsApi';
import { settingsActions } from './settingsSlice';
import { PREFERENCES } from './settingsWords';

export function NotificationsSection({ preferences }: { preferences: NotificationPreferences }) {
  const dispatch = useDispatch();
  const { savingPreferences } = useSelector(selectSettings);
  return (
    <Stack spacing={1.5}>
      {PREFERENCES.map(({ kind, label, detail }) => (
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
          <Typography id={`${kind}-detail`} variant="body2" color="text.secondary" sx={{ pl: 8 }}>
            {detail}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
