// "Open this account" (issue 33, docs/adr/0031): staff reach a host's pages only by opening the
// account. The API puts the staff session into it; once it has, the shell opens the account's
// first page, its frame saying whose it is. A refusal is said beside the button.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Stack, Typography } from '@mui/material';
import { authActions, selectAuthStatus } from '@hostdash/shared-auth';

export function OpenAccountButton({ accountId }: { accountId: string }) {
  const dispatch = useDispatch();
  const { viewAccount } = useSelector(selectAuthStatus);
  const [opening, setOpening] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!opening || viewAccount.loading) return;
    setOpening(false);
    if (viewAccount.error) setRefusal(viewAccount.error.message);
  }, [opening, viewAccount.loading, viewAccount.error]);

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        size="small"
        disabled={opening}
        onClick={() => {
          setRefusal(null);
          setOpening(true);
          dispatch(authActions.viewAccount.requested({ accountId }));
        }}
      >
        Open this account
      </Button>
      {refusal && (
        <Typography variant="body2" color="error" role="alert">
          {refusal}
        </Typography>
      )}
    </Stack>
  );
}
