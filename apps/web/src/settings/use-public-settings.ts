import { useQuery } from '@tanstack/react-query';
import { settingsKeys } from './query-keys';
import { settingsApi } from './settings-api';

export function usePublicSettings() {
  return useQuery({ queryKey: settingsKeys.public(), queryFn: settingsApi.getPublic });
}

/** False only when the administrators have switched sign-up off; unknown counts as open. */
export function useRegistrationsOpen(): boolean {
  const { data } = usePublicSettings();
  return data?.featureToggles?.new_registrations !== false;
}
