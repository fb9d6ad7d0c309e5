// The one snackbar (slice `snackbar`), driven by actions from the shell and the remotes. Its
// action navigates inside the dashboard, reloads the page (a new version of a remote) or
// dispatches the action it carries (Undo).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useNavigate } from 'react-router';
import { selectSnackbar, snackbarActions } from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { reloadPage } from '../app/reloadPage';

export function ShellSnackbar() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { open, text, action, props } = useAppSelector(selectSnackbar);
  const close = () => dispatch(snackbarActions.hide());

  return (
    <Snackbar
      open={open}
      autoHideDuration={props.autoHideDuration}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={props.severity}
        // A live region: an error interrupts a screen reader (alert), anything else waits for a
        // pause (status, polite), so "Saved" does not cut off what was being read.
        role={props.severity === 'error' ? 'alert' : 'status'}
        aria-live={props.severity === 'error' ? 'assertive' : 'polite'}
        variant="filled"
        onClose={close}
        action={
          action ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                close();
                if ('reload' in action) reloadPage();
                else if ('dispatch' in action) dispatch(action.dispatch);
                else navigate(action.href);
              }}
            >
              {action.label}
            </Button>
          ) : undefined
        }
      >
        {text}
      </Alert>
    </Snackbar>
  );
}
