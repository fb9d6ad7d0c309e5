// The guest-portal screens of one listing or reservation, in its page (docs/adr/0017-widgets.md):
// every screen in the account's order with its switch for this listing (or reservation) and where
// its state comes from ("On — from this listing", "Off — account default"). The most specific
// setting wins: reservation > listing > account. A screen with its own setting here can go back to
// the level above ("Use the listing's setting").
import { useId } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { labelOf } from '@hostdash/shared-auth';
import { LoadError } from '@hostdash/shared-ui';
import type { ScreensTarget } from '../guestportalApi';
import { stateInWords } from '../screens/screenWords';
import { GuestLinkPanel } from './GuestLinkPanel';
import { useEffectiveScreens } from './useEffectiveScreens';

const LEVEL_WORDS = {
  listing: { this: 'this listing', above: 'the account’s setting' },
  reservation: { this: 'this reservation', above: 'the listing’s setting' },
} as const;

export interface ScreensWidgetProps {
  target: ScreensTarget;
  /** Opens the account's screens (/guestportal); absent for people who cannot open it. */
  onOpenAccountScreens?: () => void;
  /** Opens the guest messages of this stay (a reservation's widget). */
  onOpenMessages?: () => void;
}

export function ScreensWidget({
  target,
  onOpenAccountScreens,
  onOpenMessages,
}: ScreensWidgetProps) {
  const titleId = useId();
  const { screens, loadError, saving, refusal, setState, retry } = useEffectiveScreens(target);
  const level = LEVEL_WORDS[target.kind];
  const on = screens?.items.filter((screen) => screen.state === 'on').length ?? 0;

  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined">
      <CardHeader
        title="Guest portal"
        subheader={`The screens a guest of ${level.this} goes through before arrival. A switch here decides for ${level.this} only.`}
        action={
          <Stack direction="row" spacing={1}>
            {onOpenMessages && (
              <Button size="small" onClick={onOpenMessages}>
                Guest messages
              </Button>
            )}
            {onOpenAccountScreens && (
              <Button size="small" onClick={onOpenAccountScreens}>
                Account screens
              </Button>
            )}
          </Stack>
        }
        slotProps={{ title: { component: 'h2', variant: 'h6', id: titleId } }}
        sx={{ pb: 0, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent>
        {target.kind === 'reservation' && <GuestLinkPanel reservationId={target.id} />}
        {!screens && loadError ? (
          <LoadError error={loadError} onRetry={retry} />
        ) : !screens ? (
          <LinearProgress aria-label="Loading the guest portal screens" />
        ) : (
          <>
            <Typography variant="body2" color="textSecondary" aria-live="polite" sx={{ mb: 1 }}>
              {on} of {screens.items.length} screens on for {level.this}.
            </Typography>
            {refusal && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {labelOf('guestScreen', refusal.screen)} was not switched: {refusal.error.message}
              </Alert>
            )}
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {screens.items.map((screen, index) => {
                const label = labelOf('guestScreen', screen.name);
                const own = screen.source === target.kind;
                const busy = saving.includes(screen.name);
                return (
                  <Stack
                    component="li"
                    key={screen.name}
                    direction="row"
                    spacing={1}
                    sx={{
                      alignItems: 'center',
                      py: 0.75,
                      borderTop: index === 0 ? 0 : 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {label}
                      </Typography>
                      <Typography
                        variant="body2"
                        color={own ? 'primary' : 'text.secondary'}
                        data-testid={`screen-source-${screen.name}`}
                      >
                        {stateInWords(screen.state, screen.source)}
                      </Typography>
                      {own && (
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => void setState(screen.name, 'inherit')}
                          aria-label={`${label}: use ${level.above} (${screen.inherited.state})`}
                          sx={{ px: 0, minWidth: 0 }}
                        >
                          Use {level.above} ({screen.inherited.state})
                        </Button>
                      )}
                    </Box>
                    <Switch
                      checked={screen.state === 'on'}
                      disabled={busy}
                      onChange={(event) =>
                        void setState(screen.name, event.target.checked ? 'on' : 'off')
                      }
                      slotProps={{ input: { 'aria-label': `${label} for ${level.this}` } }}
                    />
                  </Stack>
                );
              })}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
