// Layout fixes the listings pages share for a 390 px phone, where every pixel of width counts.
import type { SxProps, Theme } from '@mui/material';

/**
 * Around a list's pagination: MUI's row is 10–18 px wider than a phone and pushes the next-page
 * arrow off-screen; with tighter gaps on a phone (and wrapping as a last resort) it fits.
 */
export const PAGINATION_FITS_PHONE: SxProps<Theme> = {
  '& .MuiTablePagination-toolbar': {
    flexWrap: 'wrap',
    pl: { xs: 1, sm: 2 },
    pr: { xs: 0.5, sm: 1 },
  },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 }, ml: { xs: 0.5, sm: 1 } },
  '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
};
