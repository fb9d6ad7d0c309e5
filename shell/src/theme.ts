// The one theme (spec sections 2 and 9), created here and handed to every remote as a prop.
import { createTheme } from '@mui/material/styles';
import { hostdashThemeOptions } from '@hostdash/shared-auth';

export const theme = createTheme(hostdashThemeOptions);
