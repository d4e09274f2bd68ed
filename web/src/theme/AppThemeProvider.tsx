import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { apiRequest } from '../lib/api';
import { getToken } from '../lib/token';
import { useSession } from '../features/auth/session';
import { currentAccount } from '../features/auth/access';
import { useUserLanguage } from '../i18n/useUserLanguage';
import {
  PALETTE_CONFIG_KEY,
  PALETTE_STORAGE_KEY,
  resolveBrand,
  THEME_CONFIG_KEY,
  THEME_STORAGE_KEY,
  toThemeMode,
  toThemePalette,
  type Brand,
  type ThemeMode,
  type ThemePalette,
} from './brand';
import { createAppTheme } from './create-theme';

interface ThemeChoice {
  brand: Brand;
  mode: ThemeMode;
  palette: ThemePalette;
  toggleMode: () => void;
  setPalette: (palette: ThemePalette) => void;
}

const ThemeChoiceContext = createContext<ThemeChoice | null>(null);

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Saves a choice locally and on the server (userConfig); a server failure is ignored. */
function saveChoice(storageKey: string, configKey: string, value: string): void {
  try {
    window.localStorage.setItem(storageKey, value);
  } catch {
    // storage unavailable
  }
  if (!getToken()) return;
  apiRequest('/users/config', {
    method: 'POST',
    body: { key: configKey, value },
    endSessionOnAuthError: false,
  }).catch(() => undefined);
}

/** Brand (from the current account or host), dark/light mode and palette, as an MUI theme. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const data = session.status === 'authenticated' ? session.data : null;
  const [mode, setMode] = useState<ThemeMode>(() => toThemeMode(stored(THEME_STORAGE_KEY)) ?? 'light');
  const [palette, setPaletteState] = useState<ThemePalette>(() => toThemePalette(stored(PALETTE_STORAGE_KEY)) ?? 'brand');

  // With no local choice yet, the user's saved THEME_COLOR, THEME_PALETTE and LANGUAGE apply.
  const configOf = (key: string) => data?.userConfig.find((c) => c.key === key)?.value;
  const serverMode = toThemeMode(configOf(THEME_CONFIG_KEY));
  const serverPalette = toThemePalette(configOf(PALETTE_CONFIG_KEY));
  useEffect(() => {
    if (serverMode && !toThemeMode(stored(THEME_STORAGE_KEY))) setMode(serverMode);
  }, [serverMode]);
  useEffect(() => {
    if (serverPalette && !toThemePalette(stored(PALETTE_STORAGE_KEY))) setPaletteState(serverPalette);
  }, [serverPalette]);
  useUserLanguage(configOf('LANGUAGE'));

  const brand = resolveBrand(data ? currentAccount(data)?.isForHuman : null, window.location.hostname);

  const toggleMode = useCallback(() => {
    setMode((m) => {
      const next: ThemeMode = m === 'dark' ? 'light' : 'dark';
      saveChoice(THEME_STORAGE_KEY, THEME_CONFIG_KEY, next);
      return next;
    });
  }, []);
  const setPalette = useCallback((next: ThemePalette) => {
    setPaletteState(next);
    saveChoice(PALETTE_STORAGE_KEY, PALETTE_CONFIG_KEY, next);
  }, []);

  const theme = useMemo(() => createAppTheme(brand, mode, palette), [brand, mode, palette]);
  const choice = useMemo(
    () => ({ brand, mode, palette, toggleMode, setPalette }),
    [brand, mode, palette, toggleMode, setPalette],
  );

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [theme]);

  return (
    <ThemeChoiceContext.Provider value={choice}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeChoiceContext.Provider>
  );
}

export function useThemeChoice(): ThemeChoice {
  const value = useContext(ThemeChoiceContext);
  if (!value) throw new Error('useThemeChoice outside AppThemeProvider');
  return value;
}
