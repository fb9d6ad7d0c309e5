import { Link as RouterLink } from 'react-router';
import { Button, Paper, Typography } from '@mui/material';
import { PageHeader } from '@hostdash/shared-ui';

/** An address under this remote that it does not know. */
export function NotFoundPage() {
  return (
    <Paper sx={{ p: 4, maxWidth: 560 }}>
      <PageHeader title="Page not found" />
      <Typography sx={{ mb: 3 }}>There is no reservations page at this address.</Typography>
      <Button component={RouterLink} to="/reservations" variant="contained">
        Go to reservations
      </Button>
    </Paper>
  );
}
