import { useEffect } from 'react';
import { useColorMode } from '../app/color-mode';
import { useAuth } from '../auth/AuthProvider';
import { setDateDisplay } from '../ui/date-format';
import { usePreferences } from './preferences-api';

/**
 * After sign-in the choices saved on the server apply on this device: the theme (which
 * the device also remembers for the sign-in page next time) and the language and time
 * zone of dates. Until a customer saves preferences, dates keep the device's zone.
 */
export function ApplyPreferences() {
  const { user } = useAuth();
  const { setPreference } = useColorMode();
  const preferences = usePreferences(Boolean(user));
  const saved = user ? preferences.data : undefined;
  const theme = saved?.app.theme;
  const chosen = saved && saved.version > 0 ? saved.app : undefined;
  useEffect(() => {
    if (theme) setPreference(theme);
  }, [theme, setPreference]);
  useEffect(() => {
    setDateDisplay({ language: chosen?.language, timeZone: chosen?.timezone });
  }, [chosen?.language, chosen?.timezone]);
  // Signed out (this unmounts): dates go back to the device's defaults; the theme stays remembered.
  useEffect(() => () => setDateDisplay({}), []);
  return null;
}
