import { ServiceError } from '@portal/messaging';
import { assertAdminPassword, unmetAdminPasswordRequirements } from './admin-password-policy';

describe('admin password policy', () => {
  it('accepts eight characters with upper and lower case, a number and a special character', () => {
    expect(unmetAdminPasswordRequirements('Abcdef1!')).toEqual([]);
    expect(unmetAdminPasswordRequirements('Ünïcödé9 ')).toEqual([]);
  });

  it('names every requirement a password misses, in a fixed order', () => {
    expect(unmetAdminPasswordRequirements('')).toEqual(['At least 8 characters', 'One uppercase letter', 'One lowercase letter', 'One number', 'One special character']);
    expect(unmetAdminPasswordRequirements('abcdefgh')).toEqual(['One uppercase letter', 'One number', 'One special character']);
    expect(unmetAdminPasswordRequirements('ABCDEFG1!')).toEqual(['One lowercase letter']);
    expect(unmetAdminPasswordRequirements('Abcdefg!')).toEqual(['One number']);
    expect(unmetAdminPasswordRequirements('Abcdefg1')).toEqual(['One special character']);
    expect(unmetAdminPasswordRequirements('Ab1!')).toEqual(['At least 8 characters']);
  });

  it('caps the length so hashing stays cheap', () => {
    expect(unmetAdminPasswordRequirements(`Aa1!${'x'.repeat(125)}`)).toEqual(['At most 128 characters']);
  });

  it('refuses with "Password requirements not met" and each missing requirement as a detail', () => {
    let refusal: unknown;
    try {
      assertAdminPassword('short');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Password requirements not met',
      code: 'password_requirements_not_met',
      details: [
        { field: 'password', message: 'At least 8 characters', code: 'password_rule_min_length' },
        { field: 'password', message: 'One uppercase letter', code: 'password_rule_uppercase' },
        { field: 'password', message: 'One number', code: 'password_rule_number' },
        { field: 'password', message: 'One special character', code: 'password_rule_special' },
      ],
    });
  });
});
