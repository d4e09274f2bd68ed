import { describe, expect, it } from '@jest/globals';
import { decomposeColor, getContrastRatio, getOverlayAlpha, rgbToHex } from '@mui/material/styles';
import { createAppTheme } from './create-theme';

// WCAG 2.1 1.4.3: 4.5:1 for text. Every colour a chip, button or status uses, in both brands,
// both modes and every palette: its text on it (filled chip/button) and it as text on the page
// (outlined chip, text button) — issue 24 found 'Em andamento' at 3.85:1 and 'Aguardando revisão' at 3.11:1.
const COLOURS = ['primary', 'secondary', 'info', 'warning', 'success', 'error'] as const;

/** `colour` under white at opacity `a` (MUI's dark elevation overlay). */
function whiteOver(colour: string, a: number): string {
  const [r, g, b] = decomposeColor(colour).values.map((c) => Math.round(c * (1 - a) + 255 * a));
  return rgbToHex(`rgb(${r}, ${g}, ${b})`);
}

describe('theme contrast', () => {
  for (const brand of ['human', 'vet'] as const)
    for (const mode of ['light', 'dark'] as const)
      for (const palette of ['brand', 'blue', 'teal', 'orange'] as const)
        it(`${brand} ${mode} ${palette}: every colour reaches 4.5:1`, () => {
          const theme = createAppTheme(brand, mode, palette);
          // A dark paper lightens with its elevation (a white overlay): dialogs and menus sit up to 8.
          const raised =
            mode === 'dark' ? whiteOver(theme.palette.background.paper, getOverlayAlpha(8)) : theme.palette.background.paper;
          const low = COLOURS.flatMap((c) => {
            const { main, contrastText } = theme.palette[c];
            return [
              [`${c} text on it`, getContrastRatio(main, contrastText)],
              [`${c} on paper`, getContrastRatio(main, theme.palette.background.paper)],
              [`${c} on page`, getContrastRatio(main, theme.palette.background.default)],
              [`${c} on raised paper`, getContrastRatio(main, raised)],
            ] as const;
          }).filter(([, ratio]) => ratio < 4.5);
          expect(low).toEqual([]);
        });
});
