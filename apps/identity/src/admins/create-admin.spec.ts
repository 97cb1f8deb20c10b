import { ServiceError } from '@portal/messaging';
import { NewAdminInput, validateNewAdmin } from './create-admin';

function refusal(input: NewAdminInput): string {
  try {
    validateNewAdmin(input);
  } catch (error) {
    if (error instanceof ServiceError) return error.body.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('new administrator validation', () => {
  const valid = { firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.com', password: 'Sturdy#Pass1', confirmPassword: 'Sturdy#Pass1', adminRole: 'moderator' };

  it('normalises a valid administrator', () => {
    expect(validateNewAdmin({ ...valid, firstName: '  Grace ' })).toEqual({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', password: 'Sturdy#Pass1', adminRole: 'moderator' });
  });

  it('needs a role: none given is refused, never taken as super_admin', () => {
    expect(refusal({ ...valid, adminRole: undefined })).toBe('Please choose a valid admin role');
    expect(refusal({ ...valid, adminRole: '' })).toBe('Please choose a valid admin role');
  });

  it('checks in the order of the admin form: presence, email, password policy, confirmation', () => {
    expect(refusal({ ...valid, lastName: ' ', email: 'bad', password: 'weak' })).toBe('All fields are required');
    expect(refusal({ ...valid, email: 'bad', password: 'weak', confirmPassword: 'other' })).toBe('Please enter a valid email address');
    expect(refusal({ ...valid, password: 'weak', confirmPassword: 'other' })).toBe('Password requirements not met');
    expect(refusal({ ...valid, confirmPassword: 'Sturdy#Pass2' })).toBe('Passwords do not match');
  });

  it('refuses a name that could pose as another on an admin screen, the command line included', () => {
    const message = 'Names cannot contain invisible characters or characters that change the reading direction.';
    expect(refusal({ ...valid, firstName: 'Grace\u202Enimda' })).toBe(message);
    expect(refusal({ ...valid, lastName: 'Hop\u200Bper', confirmPassword: undefined })).toBe(message);
  });

  it('accepts the known admin roles only', () => {
    expect(validateNewAdmin({ ...valid, adminRole: 'support' }).adminRole).toBe('support');
    expect(refusal({ ...valid, adminRole: 'owner' })).toBe('Please choose a valid admin role');
  });

  it('needs no confirmation where the caller has none to give (the command line)', () => {
    expect(validateNewAdmin({ ...valid, confirmPassword: undefined }).email).toBe('grace@example.com');
  });
});
