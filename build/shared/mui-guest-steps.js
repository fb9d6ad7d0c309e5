// The second part of the MUI the guest page provides to the guest portal, as the shared
// `@hostdash/mui-guest-steps` (docs/adr/0035-guest-page-weight.md): what only the steps after the
// welcome use (the portal's steps chunk, mfe-guestportal/src/guest/steps.tsx). The guest page
// fetches it when the portal first asks, not with its script (build/shared/mui-guest.js is the
// first part); the dashboard provides the same names from its MUI. The portal's code imports these
// names from `@mui/material` as MUI's documentation does: its build sends each of them here
// (build/mui-parts-loader.cjs). A name here must not be in mui-guest.js or mui-more.js.
export { default as Alert } from '@mui/material/Alert';
export { default as Checkbox } from '@mui/material/Checkbox';
export { default as FormControlLabel } from '@mui/material/FormControlLabel';
export { default as FormHelperText } from '@mui/material/FormHelperText';
export { default as Link } from '@mui/material/Link';
