// build/shared/mui-guest.js, which webpack resolves by this name: the MUI the guest page provides
// to the guest portal (each name is MUI's own, from its own module).
declare module '@hostdash/mui-guest-surface' {
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
}

// build/shared/mui-guest-steps.js: the second part, fetched when the portal's steps first ask.
declare module '@hostdash/mui-guest-steps' {
  export { default as Alert } from '@mui/material/Alert';
  export { default as Checkbox } from '@mui/material/Checkbox';
  export { default as FormControlLabel } from '@mui/material/FormControlLabel';
  export { default as FormHelperText } from '@mui/material/FormHelperText';
  export { default as Link } from '@mui/material/Link';
}
