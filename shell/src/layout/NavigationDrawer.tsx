import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { NavLinks } from './NavLinks';

/** The signed-in navigation: a permanent side panel on a wide screen, a drawer on a phone. */
export function NavigationDrawer({
  width,
  wide,
  open,
  onClose,
}: {
  width: number;
  wide: boolean;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      variant={wide ? 'permanent' : 'temporary'}
      open={wide || open}
      onClose={onClose}
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box' },
        '& a.active': { bgcolor: 'action.selected', fontWeight: 600 },
      }}
    >
      <Toolbar />
      <NavLinks onNavigate={onClose} />
    </Drawer>
  );
}
