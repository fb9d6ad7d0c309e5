// `/guestportal` (owner only, spec section 7): the account's guest portal screens in the order a
// guest meets them, each with its switch for every guest, what it asks, how many listings and
// reservations decide for themselves, and the way to its content; moved up or down one place at
// a time (buttons, so a keyboard and a phone can reorder too). A switch or a move shows at once;
// a refusal puts it back and says why.
import { useEffect, useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { labelOf } from '@hostdash/shared-auth';
import { LoadError, PageFrame, routeFrame } from '@hostdash/shared-ui';
import type { GuestScreenSummary, ScreenName } from '../guestportalApi';
import { guestportalActions, selectGuestportal } from '../guestportalSlice';
import { fieldsInWords, overridesInWords } from './screenWords';

function moved(order: ScreenName[], index: number, by: -1 | 1): ScreenName[] {
  const next = [...order];
  const [screen] = next.splice(index, 1);
  next.splice(index + by, 0, screen!);
  return next;
}

function ScreenRow({
  screen,
  index,
  order,
  busy,
}: {
  screen: GuestScreenSummary;
  index: number;
  order: ScreenName[];
  busy: boolean;
}) {
  const dispatch = useDispatch();
  const headingId = useId();
  const label = labelOf('guestScreen', screen.name);
  const overrides = overridesInWords(screen.overrides);
  const move = (by: -1 | 1) =>
    dispatch(guestportalActions.reorder.requested(moved(order, index, by)));
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'auto 1fr auto', md: 'auto 1fr auto auto' },
        gridTemplateAreas: {
          xs: '"move text switch" "move actions actions"',
          md: '"move text actions switch"',
        },
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
        px: 2,
        py: 1.5,
        borderTop: index === 0 ? 0 : 1,
        borderColor: 'divider',
        // An off screen reads quieter by its title's colour, not by fading the row: faded links
        // and text fell under 4.5:1 (issue 33).
      }}
    >
      <Stack sx={{ gridArea: 'move', alignItems: 'center' }}>
        <IconButton
          size="small"
          aria-label={`Move ${label} up`}
          disabled={index === 0 || busy}
          onClick={() => move(-1)}
        >
          ↑
        </IconButton>
        <Typography variant="caption" color="textSecondary" aria-hidden>
          {screen.position}
        </Typography>
        <IconButton
          size="small"
          aria-label={`Move ${label} down`}
          disabled={index === order.length - 1 || busy}
          onClick={() => move(1)}
        >
          ↓
        </IconButton>
      </Stack>
      <Box sx={{ gridArea: 'text', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            id={headingId}
            component="h2"
            variant="subtitle1"
            color={screen.state === 'on' ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: 600 }}
          >
            {label}
          </Typography>
          {screen.customised && <Chip size="small" label="Your text" variant="outlined" />}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {screen.description}
        </Typography>
        {screen.required_fields.length > 0 && (
          <Typography variant="body2" color="textSecondary">
            Required: {fieldsInWords(screen.required_fields)}
          </Typography>
        )}
        {overrides && (
          <Typography variant="body2" sx={{ color: 'warning.dark' }}>
            {overrides}
          </Typography>
        )}
      </Box>
      <Box sx={{ gridArea: 'actions', justifySelf: { xs: 'start', md: 'end' } }}>
        <Button component={RouterLink} to={`/guestportal/screen/${screen.name}`} size="small">
          Edit content
        </Button>
      </Box>
      <Box sx={{ gridArea: 'switch', justifySelf: 'end' }}>
        <Tooltip title={screen.source === 'default' ? 'The screen’s default' : 'Your setting'}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="body2" aria-hidden sx={{ minWidth: 24 }}>
              {labelOf('screenState', screen.state)}
            </Typography>
            <Switch
              checked={screen.state === 'on'}
              onChange={(event) =>
                dispatch(
                  guestportalActions.switchScreen.requested({
                    screen: screen.name,
                    state: event.target.checked ? 'on' : 'off',
                  }),
                )
              }
              slotProps={{ input: { 'aria-label': `${label} for every guest` } }}
            />
          </Stack>
        </Tooltip>
      </Box>
    </Box>
  );
}

export function ScreensPage() {
  const dispatch = useDispatch();
  const { screens, status } = useSelector(selectGuestportal);
  useEffect(() => {
    dispatch(guestportalActions.loadScreens.requested());
  }, [dispatch]);
  const order = screens?.items.map((screen) => screen.name) ?? [];
  const on = screens?.items.filter((screen) => screen.state === 'on').length ?? 0;

  return (
    <PageFrame
      {...routeFrame('/guestportal')}
      actions={
        <Button component={RouterLink} to="/stargate" variant="outlined">
          Guest messages
        </Button>
      }
    >
      {!screens && status.screens.error ? (
        <LoadError
          error={status.screens.error}
          onRetry={() => dispatch(guestportalActions.loadScreens.requested())}
        />
      ) : !screens ? (
        <LinearProgress aria-label="Loading the screens" />
      ) : (
        <>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }} aria-live="polite">
            {on} of {screens.items.length} screens on for every guest.
          </Typography>
          <Card>
            <Box
              component="ol"
              aria-label="Guest portal screens"
              sx={{ m: 0, p: 0, listStyle: 'none' }}
            >
              {screens.items.map((screen, index) => (
                <ScreenRow
                  key={screen.name}
                  screen={screen}
                  index={index}
                  order={order}
                  busy={status.reorder.loading}
                />
              ))}
            </Box>
          </Card>
        </>
      )}
    </PageFrame>
  );
}
