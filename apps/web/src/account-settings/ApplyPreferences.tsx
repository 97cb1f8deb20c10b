import { useEffect } from 'react';
import { useColorMode } from '../app/color-mode';
import { useAuth } from '../auth/AuthProvider';
import { isLanguage } from '../i18n/i18n';
import { applyLanguage } from '../i18n/language';
import { setDateDisplay } from '../ui/date-format';
import { usePreferences } from './preferences-api';

/**
 * After sign-in the choices saved on the server apply on this device: the theme and the
 * language (which the device also remembers for the sign-in page next time) and the time
 * zone of dates. Until a customer picks a zone (null: none picked), dates keep the device's.
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
  const language = chosen?.language;
  useEffect(() => {
    if (isLanguage(language)) void applyLanguage(language);
  }, [language]);
  useEffect(() => {
    setDateDisplay({ timeZone: chosen?.timezone });
  }, [chosen?.timezone]);
  // Signed out (this unmounts): dates go back to the device's zone; theme and language stay remembered.
  useEffect(() => () => setDateDisplay({}), []);
  return null;
}
