// The dashboard's theme as plain options (spec sections 2 and 9). The shell creates the one MUI
// theme from them and hands it to every remote; a remote running alone for its team's work makes
// the same theme from the same options. Plain data, so this package stays free of MUI.
export const hostdashThemeOptions = {
  palette: {
    primary: { main: '#1e5bd8' },
    secondary: { main: '#7b3fc4' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  spacing: 8,
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  typography: {
    fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
  },
  components: {
    MuiCard: { styleOverrides: { root: { borderRadius: 12 } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  },
} as const;
