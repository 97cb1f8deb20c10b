import { ServiceError } from '@portal/messaging';
import { assertNotCommonPassword, COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('knows the passwords guessed first, whatever their case', () => {
    for (const password of ['123456', 'password1', 'Password1', 'QWERTY123', 'iloveyou', 'letmein1']) expect(isCommonPassword(password)).toBe(true);
  });

  it('lets uncommon passwords through', () => {
    for (const password of ['analytical-engine', 'orbital-7', 'Admin#Pass2026', 'correct-horse-7']) expect(isCommonPassword(password)).toBe(false);
  });

  it('refuses a common password with 400 naming the field', () => {
    let refusal: unknown;
    try {
      assertNotCommonPassword('Password1', 'newPassword');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).body).toMatchObject({ statusCode: 400, code: 'common_password', message: COMMON_PASSWORD_MESSAGE, details: [{ field: 'newPassword' }] });
  });
});
