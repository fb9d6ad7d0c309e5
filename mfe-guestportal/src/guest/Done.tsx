// The end of the guest's check-in: "You're all set", the stay once more, and the messages the host
// has released (door codes, directions) in the host's Markdown subset. Part of the steps' chunk
// (steps.ts): a guest's first screen is the welcome.
import { Box, Paper, Stack, Typography } from '@mui/material';
import { Markdown } from '@hostdash/shared-ui';
import type { GuestPortal } from './guestApi';
import { bold, useGuestWords } from './i18n/guestWords';

export function Done({ portal }: { portal: GuestPortal }) {
  const { t, rich, day, language } = useGuestWords();
  const { stay } = portal;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('done.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {rich('done.thanks', {
          host: stay.hostName,
          listing: stay.listingName,
          checkIn: day(stay.checkIn),
          checkOut: day(stay.checkOut),
          b: bold,
        })}
      </Typography>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('done.messages')}
      </Typography>
      {portal.messages.length === 0 ? (
        <Typography color="textSecondary">{t('done.noMessages')}</Typography>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {portal.messages.map((message) => {
            const text = message.texts[language];
            return (
              <Paper component="li" key={message.id} variant="outlined" sx={{ p: 2 }}>
                {text.subject && (
                  <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                    {text.subject}
                  </Typography>
                )}
                {/* The host's words in the portal's Markdown subset (bold door codes, links),
                    parsed as the screens are: never HTML. */}
                <Markdown source={text.body} />
              </Paper>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
