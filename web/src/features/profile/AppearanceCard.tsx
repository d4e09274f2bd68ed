import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { setLanguage } from '../../i18n';
import { LANGS, toLang, type Lang } from '../../i18n/languages';
import { describeError } from '../../lib/errors';
import { useThemeChoice } from '../../theme/AppThemeProvider';
import { THEME_PALETTES, type ThemePalette } from '../../theme/brand';
import { createAppTheme } from '../../theme/create-theme';
import { saveLanguage } from './api';
import { ProfileCard } from './ProfileCard';

/** A small swatch of a palette's primary and secondary colours in the current mode. */
function Swatch({ palette }: { palette: ThemePalette }) {
  const { brand, mode } = useThemeChoice();
  const theme = createAppTheme(brand, mode, palette);
  return (
    <Box aria-hidden sx={{ display: 'flex', borderRadius: 0.5, overflow: 'hidden', width: 28, height: 16, mr: 1 }}>
      <Box sx={{ flex: 2, bgcolor: theme.palette.primary.main }} />
      <Box sx={{ flex: 1, bgcolor: theme.palette.secondary.main }} />
    </Box>
  );
}

/**
 * Theme (spec 3 §4: dark or light, saved locally and as THEME_COLOR; the palette too) and the
 * interface language (spec 3 §1: stored locally; also saved with the user, so it follows them).
 */
export function AppearanceCard() {
  const { t, i18n } = useTranslation();
  const { mode, toggleMode, palette, setPalette } = useThemeChoice();
  const lang = toLang(i18n.language);
  const [error, setError] = useState<string | null>(null);

  const chooseLanguage = (next: Lang | null) => {
    if (!next || next === lang) return;
    setLanguage(next);
    setError(null);
    saveLanguage(next).catch((err: unknown) => setError(describeError(err, t)));
  };

  return (
    <ProfileCard title={t('profile.appearance.title')} icon={<PaletteOutlinedIcon />}>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3" id="appearance-mode">
          {t('profile.appearance.mode')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={mode}
          onChange={(_e, next: string | null) => next && next !== mode && toggleMode()}
          aria-labelledby="appearance-mode"
          size="small"
        >
          <ToggleButton value="light" data-testid="appearance-mode-light">
            <LightModeIcon fontSize="small" sx={{ mr: 1 }} />
            {t('profile.appearance.light')}
          </ToggleButton>
          <ToggleButton value="dark" data-testid="appearance-mode-dark">
            <DarkModeIcon fontSize="small" sx={{ mr: 1 }} />
            {t('profile.appearance.dark')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3" id="appearance-palette">
          {t('profile.appearance.palette')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={palette}
          onChange={(_e, next: ThemePalette | null) => next && setPalette(next)}
          aria-labelledby="appearance-palette"
          size="small"
          sx={{ flexWrap: 'wrap' }}
        >
          {THEME_PALETTES.map((p) => (
            <ToggleButton key={p} value={p} data-testid={`appearance-palette-${p}`}>
              <Swatch palette={p} />
              {t(`profile.appearance.palettes.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3" id="appearance-language">
          {t('language.label')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={lang}
          onChange={(_e, next: Lang | null) => chooseLanguage(next)}
          aria-labelledby="appearance-language"
          size="small"
          sx={{ flexWrap: 'wrap' }}
        >
          {LANGS.map((l) => (
            <ToggleButton key={l} value={l} lang={l} data-testid={`appearance-language-${l}`}>
              {t(`language.${l}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="caption" color="text.secondary">
          {t('profile.appearance.languageHint')}
        </Typography>
        {error && (
          <Alert severity="error" data-testid="appearance-error">
            {error}
          </Alert>
        )}
      </Stack>
    </ProfileCard>
  );
}
