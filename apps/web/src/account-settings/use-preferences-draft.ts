import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useColorMode } from '../app/color-mode';
import { useFeedback } from '../app/feedback';
import { preferencesApi, preferencesKey, usePreferences, type AppPreferences, type NotificationPreferences, type PreferencesUpdate, type PrivacyPreferences } from './preferences-api';

export interface PreferencesDraft {
  notifications: NotificationPreferences;
  app: AppPreferences;
}

/**
 * The Notifications and Preferences tabs edit one draft, saved together by Save
 * Preferences; the Privacy Settings dialog saves its five toggles on its own.
 */
export function usePreferencesDraft() {
  const preferences = usePreferences();
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  // Spec 02 §8 texts, word for word in English (catalogue `account-settings`, messages.*).
  const { t } = useTranslation('account-settings');
  const { setPreference } = useColorMode();
  const [edits, setEdits] = useState<Partial<PreferencesDraft>>({});
  const server = preferences.data;
  const draft: PreferencesDraft | null = server ? { notifications: edits.notifications ?? server.notifications, app: edits.app ?? server.app } : null;

  const save = useMutation({
    mutationFn: (body: PreferencesUpdate) => preferencesApi.put(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      setPreference(saved.app.theme);
    },
  });

  const savePreferences = () => {
    if (!server || !draft) return;
    save.mutate(
      { ...draft, privacy: server.privacy },
      {
        onSuccess: () => {
          setEdits({});
          notification.success({ title: t('messages.preferencesSaved'), description: t('messages.preferencesSavedBody') });
        },
        onError: (error) => notification.error({ title: t('messages.errorTitle'), description: serverMessage(error) ?? t('messages.preferencesFailed') }),
      },
    );
  };

  const savePrivacy = (privacy: PrivacyPreferences, onDone: () => void) => {
    if (!server) return;
    save.mutate(
      { notifications: server.notifications, app: server.app, privacy },
      {
        onSuccess: () => {
          notification.success({ title: t('messages.privacySaved'), description: t('messages.privacySavedBody') });
          onDone();
        },
        onError: (error) => notification.error({ title: t('messages.errorTitle'), description: serverMessage(error) ?? t('messages.preferencesFailed') }),
      },
    );
  };

  return {
    query: preferences,
    draft,
    privacy: server?.privacy ?? null,
    dirty: Object.keys(edits).length > 0,
    saving: save.isPending,
    setNotification: (key: keyof NotificationPreferences, value: boolean) => draft && setEdits((current) => ({ ...current, notifications: { ...draft.notifications, [key]: value } })),
    setApp: <K extends keyof AppPreferences>(key: K, value: AppPreferences[K]) => draft && setEdits((current) => ({ ...current, app: { ...draft.app, [key]: value } })),
    savePreferences,
    savePrivacy,
  };
}

export type PreferencesDraftState = ReturnType<typeof usePreferencesDraft>;
