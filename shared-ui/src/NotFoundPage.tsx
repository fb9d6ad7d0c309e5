import { Link as RouterLink } from 'react-router';
import { Button, Typography } from '@mui/material';
import { PageFrame } from './PageFrame';

/** An address under a remote's part of the dashboard that the remote does not know. */
export function NotFoundPage({ area, home }: { area: string; home: string }) {
  return (
    <PageFrame width="form" title="Page not found">
      <Typography>There is no {area} page at this address.</Typography>
      <div>
        <Button component={RouterLink} to={home} variant="contained">
          Go to {area}
        </Button>
      </div>
    </PageFrame>
  );
}
