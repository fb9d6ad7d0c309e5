// The theme's colour pairs meet WCAG AA (issue 33, finding 15): text 4.5:1 on what it sits on,
// controls' states 3:1 (WCAG 1.4.11). Computed from the one theme every remote gets, so a colour
// changed in shared-auth's themeOptions that reads too faintly fails here, not on a page.
import { createTheme, decomposeColor, getContrastRatio, recomposeColor } from '@mui/material';
import { hostdashThemeOptions, RISK_COLOUR_INFO, riskColourInfo } from '@hostdash/shared-auth';

const theme = createTheme(hostdashThemeOptions);
const { palette } = theme;
const TEXT = 4.5;
const NON_TEXT = 3;

/** `colour` painted over the opaque `background` (what the eye sees of a translucent colour). */
function over(colour: string, background: string): string {
  const fg = decomposeColor(colour);
  const bg = decomposeColor(background);
  const a = fg.type === 'rgba' || fg.type === 'hsla' ? (fg.values[3] ?? 1) : 1;
  const channel = (index: number) =>
    Math.round((fg.values[index] ?? 0) * a + (bg.values[index] ?? 0) * (1 - a));
  return recomposeColor({ type: 'rgb', values: [channel(0), channel(1), channel(2)] });
}

const ratio = (colour: string, background: string) =>
  getContrastRatio(over(colour, background), background);

const surfaces = {
  paper: palette.background.paper,
  page: palette.background.default,
} as const;

const toggleOverrides = hostdashThemeOptions.components.MuiToggleButton.styleOverrides.root;

describe('the theme’s colours', () => {
  it.each(Object.entries(surfaces))('text reads at 4.5:1 on the %s', (_name, surface) => {
    expect(ratio(palette.text.primary, surface)).toBeGreaterThanOrEqual(TEXT);
    expect(ratio(palette.text.secondary, surface)).toBeGreaterThanOrEqual(TEXT);
    expect(ratio(palette.text.disabled, surface)).toBeGreaterThanOrEqual(TEXT);
    // Links and text buttons are the primary colour.
    expect(ratio(palette.primary.main, surface)).toBeGreaterThanOrEqual(TEXT);
    // Icons and unselected toggle buttons.
    expect(ratio(palette.action.active, surface)).toBeGreaterThanOrEqual(TEXT);
  });

  it.each(Object.entries(surfaces))('toggle buttons read at 4.5:1 on the %s', (_name, surface) => {
    expect(ratio(toggleOverrides.color, surface)).toBeGreaterThanOrEqual(TEXT);
    const selectedBackground = over(palette.action.selected, surface);
    expect(
      ratio(toggleOverrides['&.Mui-selected'].color, selectedBackground),
    ).toBeGreaterThanOrEqual(TEXT);
  });

  it.each(['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const)(
    '%s chips and buttons read at 4.5:1, filled and outlined',
    (colour) => {
      const { main, contrastText } = palette[colour];
      expect(ratio(contrastText, main)).toBeGreaterThanOrEqual(TEXT);
      expect(ratio(main, surfaces.paper)).toBeGreaterThanOrEqual(TEXT);
      expect(ratio(main, surfaces.page)).toBeGreaterThanOrEqual(TEXT);
    },
  );

  it.each([...Object.keys(RISK_COLOUR_INFO), 'unknown'])(
    'a %s risk chip reads at 4.5:1',
    (colour) => {
      const { background, text } = riskColourInfo(colour);
      expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(TEXT);
    },
  );

  it('a default chip reads at 4.5:1', () => {
    // MUI's filled default chip: the primary text on the "selected" grey.
    const chip = over(palette.action.selected, surfaces.paper);
    expect(ratio(palette.text.primary, chip)).toBeGreaterThanOrEqual(TEXT);
  });

  it('a switch shows its state at 3:1', () => {
    // On: the thumb is the primary colour; off: the track (black at MUI's light opacity).
    expect(ratio(palette.primary.main, surfaces.paper)).toBeGreaterThanOrEqual(NON_TEXT);
    const offTrack = `rgba(0, 0, 0, ${hostdashThemeOptions.components.MuiSwitch.styleOverrides.track.opacity})`;
    expect(ratio(offTrack, surfaces.paper)).toBeGreaterThanOrEqual(NON_TEXT);
  });

  it('the focus ring shows at 3:1 on white and on the page', () => {
    const ring = hostdashThemeOptions.components.MuiButtonBase.styleOverrides.root[
      '&.Mui-focusVisible'
    ].outline.replace('2px solid ', '');
    expect(ratio(ring, surfaces.paper)).toBeGreaterThanOrEqual(NON_TEXT);
    expect(ratio(ring, surfaces.page)).toBeGreaterThanOrEqual(NON_TEXT);
  });
});

describe('the one form density', () => {
  it('makes every field small unless a page says otherwise', () => {
    expect(theme.components?.MuiTextField?.defaultProps?.size).toBe('small');
    expect(theme.components?.MuiFormControl?.defaultProps?.size).toBe('small');
    expect(theme.components?.MuiAutocomplete?.defaultProps?.size).toBe('small');
  });
});
