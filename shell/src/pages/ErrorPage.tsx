// An error page says what happened in the user's words and what they can do next. The access
// refusals show here at the address the user opened (app/refusalInPlace.ts); `/error/:id` still
// answers for links that name a page directly (a remote's unknown building, older bookmarks).
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { buildingPath, homePath, type User } from '@hostdash/shared-auth';
import { useSession } from '../app/session';
import { ShellPageFrame } from './ShellPageFrame';
import { useDocumentTitle } from './useDocumentTitle';
import type { ShellPageProps } from './ShellPageProps';

interface ErrorText {
  title: string;
  /** What happened and what to do; some name someone of the user's account. */
  text: string | ((user: User | null) => string);
}

const ERRORS: Record<string, ErrorText> = {
  'not-found': {
    title: 'Page not found',
    text: 'There is nothing at this address. Check the link, or go back to the dashboard.',
  },
  'not-allowed': {
    title: 'This page is for the account owner',
    text: (user) =>
      `Your role on this account doesn't include this page. If you need it, ask ${
        user?.account_owner ? `${user.account_owner}, the account owner,` : 'the account owner'
      } to open it or to change your role.`,
  },
  'buildings-only': {
    title: "This page isn't part of your building view",
    text: 'Your account shows the buildings shared with you.',
  },
  'building-not-found': {
    title: 'Building not found',
    text: 'This building does not exist or has not been shared with you.',
  },
};

const UNKNOWN: ErrorText = {
  title: 'Something went wrong',
  text: 'An unexpected error stopped this page. Try again in a moment.',
};

/** A vendor's way on: a link to each building shared with them (the user object names them). */
function VendorBuildings({ user }: { user: User }) {
  const buildings = user.vendor_buildings ?? [];
  if (buildings.length === 0) {
    return (
      <Typography sx={{ mb: 3 }}>
        No building is shared with you yet. Ask the host who invited you to share one.
      </Typography>
    );
  }
  return (
    <List aria-label="Your buildings" sx={{ mb: 2 }}>
      {buildings.map((building) => (
        <ListItem key={buildingPath(building)} disableGutters>
          <Link component={RouterLink} to={buildingPath(building)}>
            {building.name}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}

export function ErrorPage({ params }: ShellPageProps) {
  const { id } = params;
  const { user } = useSession();
  const error = (id && ERRORS[id]) || UNKNOWN;
  useDocumentTitle(error.title);
  let wayOn: ReactNode = (
    <Button component={RouterLink} to="/login" variant="contained">
      Sign in
    </Button>
  );
  if (user && id === 'buildings-only') wayOn = <VendorBuildings user={user} />;
  else if (user) {
    wayOn = (
      <Button component={RouterLink} to={homePath(user)} variant="contained">
        Back to the dashboard
      </Button>
    );
  }
  return (
    <ShellPageFrame title={error.title}>
      <Typography sx={{ mb: 3 }}>
        {typeof error.text === 'function' ? error.text(user) : error.text}
      </Typography>
      {wayOn}
    </ShellPageFrame>
  );
}
