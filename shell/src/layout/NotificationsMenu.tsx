// The bell menu. The badge counts what the person has not read; opening the menu marks what it
// shows as read (quietly: a failure only means they show as unread next time). A notification
// about a page of the dashboard leads there, and the menu closes after any action.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
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
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // What was new when the menu opened stays marked "New" while it is open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    dispatch(authActions.loadNotifications.requested({ limit: NOTIFICATIONS_LIMIT }));
  }, [dispatch]);

  const count = notifications.items.length;
  const unread = notifications.unread;
  const open = (target: HTMLElement) => {
    setAnchor(target);
    const ids = notifications.items.filter((item) => !item.read).map((item) => item.id);
    setFresh(new Set(ids));
    if (ids.length > 0) dispatch(authActions.markNotificationsRead.requested({ ids }));
  };
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          onClick={(event) => open(event.currentTarget)}
        >
          {/* No hidden "0" when all is read: its text would not be in the button's name. */}
          <Badge badgeContent={unread > 0 ? unread : undefined} color="secondary">
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
              {notification.link ? (
                <Link
                  component="button"
                  variant="body2"
                  underline="hover"
                  sx={{ fontWeight: 600, textAlign: 'left' }}
                  onClick={() => {
                    setAnchor(null);
                    navigate(notification.link ?? '/');
                  }}
                >
                  {notification.title}
                </Link>
              ) : (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {notification.title}
                </Typography>
              )}
              {fresh.has(notification.id) && (
                <Typography
                  component="span"
                  variant="caption"
                  sx={{ ml: 1, color: 'secondary.main', fontWeight: 700 }}
                >
                  New
                </Typography>
              )}
              <Typography variant="body2" color="textSecondary">
                {notification.body}
              </Typography>
              <Typography variant="caption" color="textSecondary">
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
