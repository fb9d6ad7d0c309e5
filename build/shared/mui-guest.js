// The MUI the guest page provides to the guest portal as the shared `@mui/material`
// (docs/adr/0035-guest-page-weight.md): the components the portal's `./guestPortal` uses up to its
// welcome, each from its own module, so a guest's phone loads these and not the whole barrel (the
// dashboard still provides the barrel); what only the later steps use is mui-guest-steps.js,
// fetched when they ask. The guest portal's build fails when its `./guestPortal` imports a name
// that is in neither (build/webpack.federation.cjs, GuestSurfacePlugin): add it here, and the
// guest page provides it from the shell's next build.
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as FormControl } from '@mui/material/FormControl';
export { default as InputLabel } from '@mui/material/InputLabel';
export { default as LinearProgress } from '@mui/material/LinearProgress';
export { default as NativeSelect } from '@mui/material/NativeSelect';
export { default as OutlinedInput } from '@mui/material/OutlinedInput';
export { default as Paper } from '@mui/material/Paper';
export { default as Stack } from '@mui/material/Stack';
export { default as Typography } from '@mui/material/Typography';
export { ThemeProvider } from '@mui/material/styles';
export { useTheme } from '@mui/material/styles';
