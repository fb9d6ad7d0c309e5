// The bell menu. The API's notifications have a title, a body and a time only: no read state and
// nothing naming the listing or reservation they are about, so the menu counts them (it does not
// call them unread) and links nowhere until the API says more (issue 12, left for later).
import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  authActions,
  formatRelativeTime,
  NOTIFICATIONS_LIMIT,
  selectNotifications,
} from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { BellIcon } from './icons';

export function NotificationsMenu() {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  useEffect(() => {
    dispatch(authActions.loadNotifications.requested({ limit: NOTIFICATIONS_LIMIT }));
  }, [dispatch]);

  const count = notifications.items.length;
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={`Notifications (${count})`}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} color="secondary">
            <BellIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '90vw' } } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, py: 1 }}>
          Notifications
        </Typography>
        <Divider />
        {count === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">You are all caught up.</Typography>
          </MenuItem>
        )}
        {notifications.items.map((notification) => (
          <Box
            key={notification.id}
            sx={{ px: 2, py: 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {notification.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {notification.body}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatRelativeTime(notification.created_at)}
              </Typography>
            </Box>
            <Button
              size="small"
              aria-label={`Dismiss ${notification.title}`}
              onClick={() => {
                dispatch(authActions.removeNotification.requested({ id: notification.id }));
                // Done with it: the menu closes, as after any menu action.
                setAnchor(null);
              }}
            >
              Dismiss
            </Button>
          </Box>
        ))}
      </Menu>
    </>
  );
}
