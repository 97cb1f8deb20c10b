import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../api/api-error';
import { useFeedback } from '../app/feedback';
import { settingsKeys } from '../settings/query-keys';
import { systemSettingsApi } from './system-settings-api';

export const systemSettingsKeys = {
  all: ['system-settings'] as const,
  list: () => [...systemSettingsKeys.all, 'list'] as const,
  history: (key: string) => [...systemSettingsKeys.all, 'history', key] as const,
};

export function useSystemSettings() {
  return useQuery({ queryKey: systemSettingsKeys.list(), queryFn: systemSettingsApi.list });
}

/** The stored value of one key, typed by the caller (the server validated its shape). */
export function useSettingValue<T>(key: string): T | undefined {
  const { data } = useSystemSettings();
  return data?.items.find((item) => item.key === key)?.value as T | undefined;
}

export function useSettingHistory(key: string, enabled: boolean) {
  return useQuery({ queryKey: systemSettingsKeys.history(key), queryFn: () => systemSettingsApi.history(key), enabled });
}

/** Saves a whole value; spec 02 §8 toasts: 'Setting Updated' with what was saved, or Update Failed with the server's reason. */
export function useSaveSetting(key: string, savedText: string) {
  const { t } = useTranslation('system-settings');
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  return useMutation({
    mutationFn: (value: unknown) => systemSettingsApi.update(key, value),
    onSuccess: () => {
      notification.success({ title: t('messages.updated'), description: savedText });
      void queryClient.invalidateQueries({ queryKey: systemSettingsKeys.all });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (error) => notification.error({ title: t('messages.updateFailed'), description: serverMessage(error) ?? t('messages.updateFailedText') }),
  });
}
