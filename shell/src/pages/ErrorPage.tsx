import { Link as RouterLink } from 'react-router';
import type { ShellPageProps } from './ShellPageProps';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../app/session';

const ERRORS: Record<string, { title: string; text: string }> = {
  'not-found': {
    title: 'Page not found',
    text: 'There is nothing at this address. Check the link, or go back to the dashboard.',
  },
  'not-allowed': {
    title: 'Not allowed',
    text: 'Your account cannot open this page. Ask the account owner if you need access.',
  },
  'building-not-found': {
    title: 'Building not found',
    text: 'This building does not exist or has not been shared with you.',
  },
};

const UNKNOWN = {
  title: 'Something went wrong',
  text: 'An unexpected error stopped this page. Try again in a moment.',
};

export function ErrorPage({ params }: ShellPageProps) {
  const { id } = params;
  const authenticated = useSession().user !== null;
  const error = (id && ERRORS[id]) || UNKNOWN;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <Paper sx={{ p: 4, maxWidth: 560 }}>
        <Typography variant="h1" gutterBottom>
          {error.title}
        </Typography>
        <Typography sx={{ mb: 3 }}>{error.text}</Typography>
        <Button component={RouterLink} to={authenticated ? '/' : '/login'} variant="contained">
          {authenticated ? 'Go to the dashboard' : 'Sign in'}
        </Button>
      </Paper>
    </Box>
  );
}
