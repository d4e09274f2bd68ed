import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { apiRequest } from '../lib/api';
import { getToken } from '../lib/token';
import { useSession } from '../features/auth/session';
import { currentAccount } from '../features/auth/access';
import { resolveBrand, THEME_CONFIG_KEY, THEME_STORAGE_KEY, toThemeMode, type Brand, type ThemeMode } from './brand';
import { createAppTheme } from './create-theme';

interface ThemeChoice {
  brand: Brand;
  mode: ThemeMode;
  toggleMode: () => void;
}

const ThemeChoiceContext = createContext<ThemeChoice | null>(null);

function storedMode(): ThemeMode | null {
  try {
    return toThemeMode(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Saves the choice locally and on the server (THEME_COLOR); a server failure is ignored. */
function saveMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // storage unavailable
  }
  if (!getToken()) return;
  apiRequest('/users/config', {
    method: 'POST',
    body: { key: THEME_CONFIG_KEY, value: mode },
    endSessionOnAuthError: false,
  }).catch(() => undefined);
}

/** Brand (from the current account or host) and dark/light mode, as an MUI theme. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const data = session.status === 'authenticated' ? session.data : null;
  const [mode, setMode] = useState<ThemeMode>(() => storedMode() ?? 'light');

  // With no local choice yet, the user's saved THEME_COLOR applies.
  const serverMode = toThemeMode(data?.userConfig.find((c) => c.key === THEME_CONFIG_KEY)?.value);
  useEffect(() => {
    if (serverMode && !storedMode()) setMode(serverMode);
  }, [serverMode]);

  const brand = resolveBrand(data ? currentAccount(data)?.isForHuman : null, window.location.hostname);

  const toggleMode = useCallback(() => {
    setMode((m) => {
      const next: ThemeMode = m === 'dark' ? 'light' : 'dark';
      saveMode(next);
      return next;
    });
  }, []);

  const theme = useMemo(() => createAppTheme(brand, mode), [brand, mode]);
  const choice = useMemo(() => ({ brand, mode, toggleMode }), [brand, mode, toggleMode]);

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
