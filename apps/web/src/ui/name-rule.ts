import type { Rule } from 'antd/es/form';
import { i18n } from '../i18n/i18n';
import { hasHiddenCharacters } from '@portal/domain-rules';

/**
 * The gateway's refusal of a name holding text-direction controls or zero-width characters
 * (hidden-characters.ts), in its own words: the `server` catalogue's `name_hidden_characters`.
 */
export function hiddenCharactersProblem(name: string): string | null {
  return hasHiddenCharacters(name) ? i18n.t('server:name_hidden_characters') : null;
}

/** The same check as a form rule, for every field that holds a person's or display name. */
export const plainNameRule: Rule = {
  validator: (_rule, value: unknown) => {
    const problem = typeof value === 'string' ? hiddenCharactersProblem(value) : null;
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};
