import { SettingsSecretBox } from '@portal/config';
import { SETTING_RULES } from './setting-rules';

const context = { previous: null, secrets: {} as SettingsSecretBox };
const limits = (minimumWithdrawal: unknown, fourEyesThreshold: unknown = '5000') => ({ minimumWithdrawal, withdrawalRequiresKyc: true, fourEyesThreshold });

describe('decimal settings, judged on the text the admin sent', () => {
  it('refuses money limits with more than two decimals or in exponent form, rather than rounding them', () => {
    for (const sent of ['99.999999999999999', '100.0000000000000001', '100.001', '1e2', '100.000', 100.001, 'abc', '', null, true]) {
      expect(() => SETTING_RULES.financial_limits.parse(limits(sent), context)).toThrow(/minimumWithdrawal must be/);
    }
    expect(() => SETTING_RULES.financial_limits.parse(limits('100', '2500.555'), context)).toThrow(/fourEyesThreshold must be in steps of 0.01/);
  });

  it('takes amounts of up to two decimals, as numbers or as text', () => {
    expect(SETTING_RULES.financial_limits.parse(limits('100.50', 2500.5), context)).toEqual({ minimumWithdrawal: 100.5, withdrawalRequiresKyc: true, fourEyesThreshold: 2500.5 });
    expect(SETTING_RULES.financial_limits.parse(limits(100, '0'), context)).toMatchObject({ minimumWithdrawal: 100, fourEyesThreshold: 0 });
  });

  it('refuses a fee percent with more than one decimal written', () => {
    expect(() => SETTING_RULES.platform_fees.parse({ personal: '2.50000000000000001', corporate: 1, gipp: 1 }, context)).toThrow(/personal must be in steps of 0.1/);
    expect(SETTING_RULES.platform_fees.parse({ personal: '2.5', corporate: 1, gipp: 0.1 }, context)).toEqual({ personal: 2.5, corporate: 1, gipp: 0.1 });
  });
});
