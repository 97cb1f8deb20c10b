import { decideAfterLogin, loginHeading, originFromState, portalFromQuery } from './login-redirect';

describe('decideAfterLogin (spec 01 §4, rules in order)', () => {
  it('1. returns to the remembered /admin or /app origin, query and hash included', () => {
    expect(
      decideAfterLogin({
        from: { pathname: '/app/transactions', search: '?page=2', hash: '#top' },
        portal: 'admin',
        userType: 'customer',
      }),
    ).toEqual({ kind: 'go', to: '/app/transactions?page=2#top' });
    expect(decideAfterLogin({ from: { pathname: '/admin/users' }, portal: null, userType: 'admin' })).toEqual({
      kind: 'go',
      to: '/admin/users',
    });
  });

  it('ignores a remembered origin outside the portals', () => {
    expect(decideAfterLogin({ from: { pathname: '/auth/signup' }, portal: null, userType: 'customer' })).toEqual({
      kind: 'go',
      to: '/app/dashboard',
    });
  });

  it('2. denies a customer who chose the admin portal', () => {
    expect(decideAfterLogin({ from: null, portal: 'admin', userType: 'customer' })).toEqual({
      kind: 'denied',
      message: 'Access denied. You do not have permission to access the admin portal.',
    });
  });

  it('3. sends an admin who chose the customer portal to the admin dashboard', () => {
    expect(decideAfterLogin({ from: null, portal: 'customer', userType: 'admin' })).toEqual({
      kind: 'go',
      to: '/admin/dashboard',
    });
  });

  it('4. otherwise goes by user type', () => {
    expect(decideAfterLogin({ from: null, portal: null, userType: 'admin' })).toEqual({
      kind: 'go',
      to: '/admin/dashboard',
    });
    expect(decideAfterLogin({ from: null, portal: 'customer', userType: 'customer' })).toEqual({
      kind: 'go',
      to: '/app/dashboard',
    });
    expect(decideAfterLogin({ from: null, portal: 'admin', userType: 'admin' })).toEqual({
      kind: 'go',
      to: '/admin/dashboard',
    });
  });
});

describe('login page helpers', () => {
  it('names the portal in the heading', () => {
    expect(loginHeading(portalFromQuery('admin'))).toBe('Sign in to your Administrator portal');
    expect(loginHeading(portalFromQuery('customer'))).toBe('Sign in to your Customer portal');
    expect(loginHeading(portalFromQuery(null))).toBe('Sign in to your Investment portal');
    expect(loginHeading(portalFromQuery('partners'))).toBe('Sign in to your Investment portal');
  });

  it('reads only a well-formed origin from history state', () => {
    expect(originFromState({ from: { pathname: '/app/deposit', search: '', hash: '' } })).toEqual({
      pathname: '/app/deposit',
      search: '',
      hash: '',
    });
    expect(originFromState({ from: '/app/deposit' })).toBeNull();
    expect(originFromState(null)).toBeNull();
    expect(originFromState({ from: { pathname: 42 } })).toBeNull();
  });
});
