import type { RuleObject } from 'antd/es/form';
import { plainNameRule } from './name-rule';

const check = (value: unknown) => (plainNameRule as RuleObject).validator!({} as RuleObject, value, () => undefined);

describe('the name rule of the web forms', () => {
  it('refuses hidden characters with the server catalogue’s message', async () => {
    await expect(check('Ada\u202Enimda')).rejects.toThrow('Names cannot contain invisible characters or characters that change the reading direction.');
    await expect(check('A\u200Dda')).rejects.toThrow('Names cannot contain invisible characters');
  });

  it('leaves plain names, any script, and empty fields to the other rules', async () => {
    for (const value of ['Ada', 'محمد', '', undefined]) await expect(check(value)).resolves.toBeUndefined();
  });
});
