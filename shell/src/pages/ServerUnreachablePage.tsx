// What a page shows when the API cannot say who is signed in (it did not answer, timed out or
// failed): not the sign-in page, since the session is kept and is likely valid once the API is
// back. Retry asks again; so does every navigation meanwhile, as a page load would.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSession } from '../app/session';
import { ShellPageFrame } from './ShellPageFrame';
import { useDocumentTitle } from './useDocumentTitle';

export function ServerUnreachablePage() {
  const { recheckSession } = useSession();
  const location = useLocation();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  useDocumentTitle("Can't reach the server");

  const retry = async () => {
    setChecking(true);
    const answered = await recheckSession();
    setChecking(false);
    setStillDown(!answered);
  };
  const retryRef = useRef(retry);
  retryRef.current = retry;

  // The page load already asked the API; each navigation since asks again.
  const shownAt = useRef(location);
  useEffect(() => {
    if (location === shownAt.current) return;
    shownAt.current = location;
    void retryRef.current();
  }, [location]);

  return (
    <ShellPageFrame title="Hostdash can't reach its server right now">
      <Typography sx={{ mb: 3 }}>
        Nothing is lost: you stay signed in. This is usually over in a moment.
      </Typography>
      {stillDown && !checking && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Still no answer from the server. Try again in a moment.
        </Alert>
      )}
      <Button variant="contained" onClick={() => void retry()} disabled={checking}>
        Retry
      </Button>
    </ShellPageFrame>
  );
}
