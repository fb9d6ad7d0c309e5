import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { NavLinks } from './NavLinks';

/**
 * The signed-in navigation: a permanent side panel on a wide screen, a drawer on a phone. The
 * panel itself is fixed to the viewport; its column in the page's flex row (as tall as the page)
 * carries the same background and edge, so the menu reads as full height however long the page
 * (and in a full-page screenshot, where a fixed panel covers only the first screen).
 */
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
        ...(wide && {
          boxSizing: 'border-box',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
        }),
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box' },
        '& .Mui-selected .MuiListItemText-primary': { fontWeight: 600 },
      }}
    >
      <Toolbar />
      <NavLinks onNavigate={onClose} />
    </Drawer>
  );
}
