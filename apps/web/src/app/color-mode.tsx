import ConfigProvider from 'antd/es/config-provider';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { portalThemeFor, type ColorMode } from './theme';

/** What the customer chose in Preferences: a mode, or follow the device. */
export type ThemePreference = 'light' | 'dark' | 'system';

/** Remembered on this device, so pages before sign-in (and after sign-out) keep the chosen look. */
export const THEME_STORAGE_KEY = 'portal.theme';

function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

function storedPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'light';
  } catch {
    return 'light';
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function deviceMode(): ColorMode {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The device's light or dark setting, following changes while the page is open. */
function useDeviceMode(): ColorMode {
  const [mode, setMode] = useState<ColorMode>(deviceMode);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const update = () => setMode(query.matches ? 'dark' : 'light');
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mode;
}

interface ColorModeValue {
  preference: ThemePreference;
  mode: ColorMode;
  setPreference: (preference: ThemePreference) => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

/**
 * antd's theme algorithm (light or dark) for the whole app, from the customer's choice:
 * applied at once, remembered in localStorage, and set from the server's preferences
 * after sign-in (see ThemeFromPreferences).
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(storedPreference);
  const device = useDeviceMode();
  const mode: ColorMode = preference === 'system' ? device : preference;

  const setPreference = useCallback((next: ThemePreference) => {
    setPreferenceState(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private browsing without storage: the choice holds for this visit.
    }
  }, []);

  // The page outside antd's components (body, header, plain cards) follows through styles.css.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const value = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  const theme = useMemo(() => portalThemeFor(mode), [mode]);
  return (
    <ColorModeContext.Provider value={value}>
      <ConfigProvider theme={theme}>{children}</ConfigProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode() needs a <ColorModeProvider> above it');
  return value;
}
