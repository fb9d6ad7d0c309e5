// The users page's "Sign-up link" action: a button that opens the dialog making one.
import { useState } from 'react';
import { Button } from '@mui/material';
import { SignupLinkDialog } from './SignupLinkDialog';

export function SignupLinkAction() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        onClick={() => setOpen(true)}
        sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
      >
        Sign-up link
      </Button>
      {open && <SignupLinkDialog onClose={() => setOpen(false)} />}
    </>
  );
}
