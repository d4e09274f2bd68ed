import { describe, expect, it } from '@jest/globals';
import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme } from './create-theme';

// WCAG 2.1 1.4.3: 4.5:1 for text. Every colour a chip, button or status uses, in both brands,
// both modes and every palette: its text on it (filled chip/button) and it as text on the page
// (outlined chip, text button) — issue 24 found 'Em andamento' at 3.85:1 and 'Aguardando revisão' at 3.11:1.
const COLOURS = ['primary', 'secondary', 'info', 'warning', 'success', 'error'] as const;

describe('theme contrast', () => {
  for (const brand of ['human', 'vet'] as const)
    for (const mode of ['light', 'dark'] as const)
      for (const palette of ['brand', 'blue', 'teal', 'orange'] as const)
        it(`${brand} ${mode} ${palette}: every colour reaches 4.5:1`, () => {
          const theme = createAppTheme(brand, mode, palette);
          const low = COLOURS.flatMap((c) => {
            const { main, contrastText } = theme.palette[c];
            return [
              [`${c} text on it`, getContrastRatio(main, contrastText)],
              [`${c} on paper`, getContrastRatio(main, theme.palette.background.paper)],
              [`${c} on page`, getContrastRatio(main, theme.palette.background.default)],
            ] as const;
          }).filter(([, ratio]) => ratio < 4.5);
          expect(low).toEqual([]);
        });
});
