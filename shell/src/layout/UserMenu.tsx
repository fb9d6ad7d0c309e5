// The signed-in person's own menu in the top bar: their name, and their personal settings (name,
// email, password, second step, notifications), which every role has (issue 33).
import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PersonIcon } from './icons';

// The menu (MUI's Menu, its popover and focus handling) is its own chunk, loaded on the first
// open: the sign-in page, which shares this top bar's code, loads none of it.
const UserMenuList = lazy(() =>
  import('./UserMenuList').then((m) => ({ default: m.UserMenuList })),
);

export function UserMenu({ name }: { name: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;
  // Kept once loaded, so that it can animate closed.
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        aria-label={`${name}: your account`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
        startIcon={<PersonIcon />}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          mr: 0.5,
          // On a phone the icon alone; the name is in the button's accessible name.
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {name}
        </Box>
      </Button>
      {anchor !== null || loaded ? (
        <Suspense fallback={null}>
          <UserMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
