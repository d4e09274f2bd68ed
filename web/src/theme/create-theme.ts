import { createTheme, type Theme } from '@mui/material/styles';
import type { Brand, ThemeMode, ThemePalette } from './brand';

const PRIMARY: Record<Brand, { light: string; dark: string }> = {
  human: { light: '#1565c0', dark: '#64b5f6' },
  vet: { light: '#00796b', dark: '#4db6ac' },
};
const SECONDARY: Record<Brand, { light: string; dark: string }> = {
  human: { light: '#6a1b9a', dark: '#ce93d8' },
  vet: { light: '#b34700', dark: '#ffb74d' },
};

/**
 * Status colours in light mode, darker than MUI's defaults so white text on a chip and the
 * colour as text on the page both reach 4.5:1 (WCAG 1.4.3; MUI's info 3.86:1, warning 3.12:1).
 * Dark mode keeps MUI's light tones, with dark text where white falls short (contrastThreshold).
 */
const LIGHT_STATUS = {
  info: { main: '#01579b' },
  warning: { main: '#b34700' },
  success: { main: '#1b5e20' },
  error: { main: '#c62828' },
};

/**
 * Dark mode's error, lighter than MUI's #f44336 (4.27:1 on a raised dark paper, where the report's
 * red buttons sit): 4.5:1 up to elevation 8. MUI's other dark status tones pass with room.
 */
const DARK_STATUS = { error: { main: '#e57373' } };

/** The chosen palettes' colours (primary, secondary), each in light and dark. */
const PALETTES: Record<
  Exclude<ThemePalette, 'brand'>,
  { primary: { light: string; dark: string }; secondary: { light: string; dark: string } }
> = {
  blue: { primary: { light: '#1565c0', dark: '#64b5f6' }, secondary: { light: '#6a1b9a', dark: '#ce93d8' } },
  teal: { primary: { light: '#00796b', dark: '#4db6ac' }, secondary: { light: '#5d4037', dark: '#bcaaa4' } },
  orange: { primary: { light: '#c43e00', dark: '#ffa040' }, secondary: { light: '#37474f', dark: '#90a4ae' } },
};

/** Breakpoints of spec 3 §9 (xs 0, sm 600, md 960, lg 1280, xl 1920). */
export function createAppTheme(brand: Brand, mode: ThemeMode, palette: ThemePalette = 'brand'): Theme {
  const colours = palette === 'brand' ? { primary: PRIMARY[brand], secondary: SECONDARY[brand] } : PALETTES[palette];
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    palette: {
      mode,
      contrastThreshold: 4.5,
      primary: { main: colours.primary[mode] },
      secondary: { main: colours.secondary[mode] },
      ...(mode === 'light' ? LIGHT_STATUS : DARK_STATUS),
      ...(mode === 'light' ? { background: { default: '#f4f6f8' } } : {}),
    },
    shape: { borderRadius: 8 },
    components: {
      MuiAppBar: { defaultProps: { elevation: 1 } },
      MuiTableRow: { styleOverrides: { root: { '&:focus-visible': { outline: '2px solid', outlineOffset: -2 } } } },
      // A keyboard focus everyone sees (WCAG 2.4.7): MUI marks it with a faint ripple only, which
      // vanishes on a contained button; an outline in the control's own colour instead.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid', outlineOffset: 2 } } } },
      // Inside menus and lists the outline is drawn within the item (a menu's paper clips outside it).
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    },
  });
}
