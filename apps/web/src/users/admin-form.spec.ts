import { adminFormProblem, type AdminForm } from './admin-form';

const valid: AdminForm = { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.test', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass', adminRole: 'moderator' };

describe('the Create Admin form', () => {
  it('accepts a complete form', () => expect(adminFormProblem(valid)).toBeNull());

  it('reports problems in the spec order with its messages', () => {
    expect(adminFormProblem({ ...valid, lastName: ' ' })).toBe('All fields are required');
    expect(adminFormProblem({ ...valid, email: 'not-an-email' })).toBe('Please enter a valid email address');
    expect(adminFormProblem({ ...valid, password: 'short1!', confirmPassword: 'short1!' })).toBe('Password requirements not met');
    expect(adminFormProblem({ ...valid, confirmPassword: 'Str0ng!Pas' })).toBe('Passwords do not match');
  });

  it('refuses a name that could pose as another admin, with the server\'s message', () => {
    const message = 'Names cannot contain invisible characters or characters that change the reading direction.';
    expect(adminFormProblem({ ...valid, firstName: 'Ada\u202Enimda' })).toBe(message);
    expect(adminFormProblem({ ...valid, lastName: 'Ad\uFEFFmin' })).toBe(message);
    expect(adminFormProblem({ ...valid, firstName: 'Zoë' })).toBeNull();
  });
});
