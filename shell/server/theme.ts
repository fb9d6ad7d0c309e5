// The dashboard's theme as the browser makes it, made once on the server for what it writes into
// a page's HTML before any script runs (the page frame, bootFrame.ts; the guest page's waiting
// ring, guestPage.ts), so those cannot drift from what the first render draws.
import { createTheme } from '@mui/material/styles';
import { hostdashThemeOptions } from '@hostdash/shared-auth';

export const theme = createTheme(hostdashThemeOptions);

/** The page's body as MUI's CssBaseline makes it in the first render: no margin, the theme's ground. */
export const BODY_RULE = `body{margin:0;background-color:${theme.palette.background.default}}`;
