// The dashboard's theme as plain options (spec sections 2 and 9). The shell creates the one MUI
// theme from them and hands it to every remote; a remote running alone for its team's work makes
// the same theme from the same options. Plain data, so this package stays free of MUI.
//
// Accessibility lives here, not in pages (issue 33, docs/page-kit.md): every colour a person
// reads text in meets WCAG AA (4.5:1) on white and on the page's grey, checked by
// themeOptions.test.ts; every control shows a focus ring when reached by keyboard; every form
// field has the one density.

/**
 * The focus ring: 2 px of the primary blue, 3:1 against white, the page's grey and the blue. Also
 * for a control that shows the focus of an element it holds (a hidden file input in its button).
 */
export const focusRing = { outline: '2px solid #1e5bd8', outlineOffset: '2px' } as const;
/** Inside a list or a menu, where an outer ring would be clipped. */
const insetFocusRing = { outline: '2px solid #1e5bd8', outlineOffset: '-2px' } as const;

export const hostdashThemeOptions = {
  palette: {
    // Text on a coloured chip or button: white unless white reads under 4.5:1 on it.
    contrastThreshold: 4.5,
    primary: { main: '#1e5bd8' },
    secondary: { main: '#7b3fc4' },
    // MUI's defaults for these read under 4.5:1 as text (orange 3:1, light blue 4.1:1).
    error: { main: '#c62828' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    success: { main: '#2e7d32' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
    text: {
      primary: 'rgba(0, 0, 0, 0.87)',
      secondary: '#555b65',
      // Disabled controls are exempt from WCAG's contrast rule; their words are readable anyway.
      disabled: '#686d78',
    },
    action: {
      // Icons and unselected toggle buttons: MUI's 54 % black reads 4.4:1 on the page's grey.
      active: '#555b65',
      disabled: '#686d78',
    },
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
    // One form density: every field is the same 40 px, on every page; no page sets its own.
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiAutocomplete: { defaultProps: { size: 'small' } },
    // A visible focus on everything a keyboard reaches (buttons, links, switches, chips, tabs).
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible, &.Mui-focusVisible': focusRing } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiTableSortLabel: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
    MuiSwitch: {
      styleOverrides: {
        // A switch's focus shows on its thumb's round area, not as a square around the track.
        switchBase: { '&.Mui-focusVisible': { ...focusRing, borderRadius: '50%' } },
        // Off: the track at 3:1 on white (MUI's 38 % black is 2.3:1); on, the thumb is blue.
        track: { opacity: 0.5 },
      },
    },
    MuiToggleButton: {
      styleOverrides: {
        root: {
          // Unselected: the secondary text colour (4.5:1 on white and grey); selected: the
          // primary text on a light grey, and bold, so the choice reads without colour too.
          color: '#555b65',
          '&.Mui-selected': { color: 'rgba(0, 0, 0, 0.87)', fontWeight: 600 },
          '&.Mui-focusVisible': { ...focusRing, zIndex: 1 },
        },
      },
    },
  },
} as const;
