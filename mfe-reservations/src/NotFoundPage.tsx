import { Link as RouterLink } from 'react-router';
import { Button, Paper, Typography } from '@mui/material';

/** An address under this remote that it does not know. */
export function NotFoundPage() {
  return (
    <Paper sx={{ p: 4, maxWidth: 560 }}>
      <Typography variant="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 3 }}>There is no reservations page at this address.</Typography>
      <Button component={RouterLink} to="/reservations" variant="contained">
        Go to reservations
      </Button>
    </Paper>
  );
}
