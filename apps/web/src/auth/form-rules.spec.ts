import { newPasswordProblem, signupProblem, type SignupFields } from './form-rules';

const valid: SignupFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'analytical',
  confirmPassword: 'analytical',
};

describe('signupProblem (spec 01 §5, in order)', () => {
  it('accepts a complete form', () => {
    expect(signupProblem(valid)).toBeNull();
  });

  it('reports the first problem in the specified order', () => {
    const empty: SignupFields = { firstName: '', lastName: '', email: '', password: '', confirmPassword: 'x' };
    expect(signupProblem(empty)).toBe('First name is required');
    expect(signupProblem({ ...empty, firstName: 'Ada' })).toBe('Last name is required');
    expect(signupProblem({ ...empty, firstName: 'Ada', lastName: 'L' })).toBe('Email is required');
    expect(signupProblem({ ...empty, firstName: 'Ada', lastName: 'L', email: 'ada@example.com' })).toBe(
      'Password is required',
    );
    expect(signupProblem({ ...valid, password: 'short', confirmPassword: 'other' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(signupProblem({ ...valid, confirmPassword: 'analyticax' })).toBe('Passwords do not match');
  });

  it('treats blank names as missing', () => {
    expect(signupProblem({ ...valid, firstName: '   ' })).toBe('First name is required');
    expect(signupProblem({ ...valid, lastName: '\t' })).toBe('Last name is required');
  });

  it('refuses a name with a text-direction control or a zero-width character, in the server\'s words', () => {
    const message = 'Names cannot contain invisible characters or characters that change the reading direction.';
    expect(signupProblem({ ...valid, firstName: 'Ada\u202Enimda' })).toBe(message);
    expect(signupProblem({ ...valid, lastName: 'Love\u200Blace' })).toBe(message);
    expect(signupProblem({ ...valid, lastName: 'Love\u2066lace' })).toBe(message);
    expect(signupProblem({ ...valid, firstName: 'Zoë', lastName: 'אדה' })).toBeNull();
  });

  it('catches an address without @ before looking at the password', () => {
    expect(signupProblem({ ...valid, email: 'ada.example.com', password: '' })).toBe(
      'Please enter a valid email address',
    );
  });

  it('accepts exactly six characters', () => {
    expect(signupProblem({ ...valid, password: 'sixsix', confirmPassword: 'sixsix' })).toBeNull();
  });
});

describe('newPasswordProblem', () => {
  it('applies required, length and match in that order', () => {
    expect(newPasswordProblem('', '')).toBe('Password is required');
    expect(newPasswordProblem('abc', 'abd')).toBe('Password must be at least 6 characters');
    expect(newPasswordProblem('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });
});
