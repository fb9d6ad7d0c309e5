// The user menu's list (UserMenu.tsx), loaded on its first open.
import { Link as RouterLink } from 'react-router';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

/** Every role's personal settings page. */
export const PERSONAL_SETTINGS_PATH = '/settings/profile';

export function UserMenuList({
  id,
  anchor,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem component={RouterLink} to={PERSONAL_SETTINGS_PATH} onClick={onClose}>
        Your settings
      </MenuItem>
    </Menu>
  );
}
