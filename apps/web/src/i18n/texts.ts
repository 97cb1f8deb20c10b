import { i18n } from './i18n';

/**
 * Texts used outside components (hooks' error messages, label maps) as an object whose
 * properties read the catalogue when used, so they follow the language shown now:
 * `texts('auth', ['loginFailed'])` gives `{ loginFailed }` = t('auth:messages.loginFailed').
 * The namespace must be loaded, which it is when a component of that folder rendered.
 */
export function texts<K extends string>(namespace: string, keys: readonly K[], prefix = 'messages'): Readonly<Record<K, string>> {
  const result = {} as Record<K, string>;
  for (const key of keys) {
    Object.defineProperty(result, key, { enumerable: true, get: () => i18n.t(`${namespace}:${prefix}.${key}` as string) });
  }
  return result;
}
