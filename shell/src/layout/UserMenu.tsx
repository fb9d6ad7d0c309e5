// The signed-in person's own menu in the top bar: their name, and their personal settings (name,
// email, password, second step, notifications), which every role has (issue 33).
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { PersonIcon } from './icons';

/** Every role's personal settings page. */
export const PERSONAL_SETTINGS_PATH = '/settings/profile';

export function UserMenu({ name }: { name: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;
  return (
    <>
      <Button
        color="inherit"
        aria-label={`${name}: your account`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
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
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          component={RouterLink}
          to={PERSONAL_SETTINGS_PATH}
          onClick={() => setAnchor(null)}
        >
          Your settings
        </MenuItem>
      </Menu>
    </>
  );
}
