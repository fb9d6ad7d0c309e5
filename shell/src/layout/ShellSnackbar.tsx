// The one snackbar (slice `snackbar`), driven by actions from the shell and the remotes.
import { Alert, Button, Snackbar } from '@mui/material';
import { useNavigate } from 'react-router';
import { selectSnackbar, snackbarActions } from '@hostdash/shared-auth';
import { useAppDispatch, useAppSelector } from '../app/hooks';

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
        variant="filled"
        onClose={close}
        action={
          action?.href ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                close();
                navigate(action.href as string);
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
