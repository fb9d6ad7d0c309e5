import { useEffect } from 'react';
import { documentTitleOf } from '@hostdash/shared-auth';

/**
 * Names the browser tab while a page of the shell's own (sign-in, sign-out, an error) is shown, as
 * shared-ui's page header does for the remotes' pages: "Sign in · Hostdash".
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitleOf(title);
  }, [title]);
}
