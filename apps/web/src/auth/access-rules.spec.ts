import { decideAccess, dashboardPathFor, isAdminPath } from './access-rules';

describe('decideAccess (route guarding, spec 01 §2)', () => {
  it('waits while the session is loading', () => {
    expect(decideAccess({ pathname: '/app/dashboard', status: 'loading', userType: null })).toEqual({ kind: 'wait' });
  });

  it('sends a signed-out visitor to sign in', () => {
    expect(decideAccess({ pathname: '/admin/users', status: 'signedOut', userType: null })).toEqual({
      kind: 'signIn',
    });
  });

  it('treats a signed-in user of unknown type as not signed in', () => {
    expect(decideAccess({ pathname: '/app/dashboard', status: 'signedIn', userType: undefined })).toEqual({
      kind: 'signIn',
    });
  });

  it('denies a customer any /admin path with the exact message', () => {
    expect(
      decideAccess({ pathname: '/admin/settings', status: 'signedIn', userType: 'customer', requiredType: 'admin' }),
    ).toEqual({ kind: 'deny', message: 'Access denied. You do not have permission to access admin areas.' });
  });

  it('denies a customer /admin itself', () => {
    expect(decideAccess({ pathname: '/admin', status: 'signedIn', userType: 'customer' }).kind).toBe('deny');
  });

  it('sends an admin away from /app paths to the admin dashboard', () => {
    expect(
      decideAccess({ pathname: '/app/deposit', status: 'signedIn', userType: 'admin', requiredType: 'customer' }),
    ).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
  });

  it('sends a user of another type to their own dashboard when a type is required', () => {
    expect(
      decideAccess({ pathname: '/reports', status: 'signedIn', userType: 'customer', requiredType: 'admin' }),
    ).toEqual({ kind: 'redirect', to: '/app/dashboard' });
  });

  it('allows each type into its own area', () => {
    expect(decideAccess({ pathname: '/admin/kyc', status: 'signedIn', userType: 'admin', requiredType: 'admin' })).toEqual(
      { kind: 'allow' },
    );
    expect(
      decideAccess({ pathname: '/app/support', status: 'signedIn', userType: 'customer', requiredType: 'customer' }),
    ).toEqual({ kind: 'allow' });
  });
});

describe('area helpers', () => {
  it('matches whole path segments only', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/users')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
  });

  it('knows each type’s dashboard', () => {
    expect(dashboardPathFor('admin')).toBe('/admin/dashboard');
    expect(dashboardPathFor('customer')).toBe('/app/dashboard');
  });
});
