import { checkBudgets, formatReport, routeChunks, type Budget, type ChunkModules, type FileSizes, type Manifest } from '../bundle-budget.cjs';

// A build as Vite's manifest describes it: index.html's entry and its shared chunks, and
// each page a lazy chunk with its own static imports.
function aManifest(loginImports: string[] = ['_form.js']): Manifest {
  return {
    'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/auth/pages/LoginPage.tsx', 'src/pages/admin/UsersPage.tsx'] },
    '_react.js': { file: 'assets/react.js' },
    '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
    '_charts.js': { file: 'assets/charts.js', imports: ['_react.js'] },
    'src/auth/pages/LoginPage.tsx': { file: 'assets/LoginPage.js', src: 'src/auth/pages/LoginPage.tsx', isDynamicEntry: true, imports: ['index.html', ...loginImports] },
    'src/pages/admin/UsersPage.tsx': { file: 'assets/UsersPage.js', src: 'src/pages/admin/UsersPage.tsx', isDynamicEntry: true, imports: ['_charts.js'] },
  };
}

const kB = (n: number) => n * 1000;
const sizes: Record<string, number> = {
  'assets/index.js': kB(40),
  'assets/react.js': kB(60),
  'assets/form.js': kB(30),
  'assets/charts.js': kB(150),
  'assets/LoginPage.js': kB(5),
  'assets/UsersPage.js': kB(10),
};
// Compressed sizes in a fixed proportion, so the arithmetic is easy to follow.
const sizeOf = (file: string): FileSizes => ({ raw: sizes[file] * 3, gzip: sizes[file] * 1.2, br: sizes[file] });

const loginBudget: Budget = {
  compression: 'br',
  routes: [{ route: '/auth/login', modules: ['src/auth/pages/LoginPage.tsx'], maxKb: 200, excludes: ['src/pages/admin/'] }],
};

describe('first-load budget', () => {
  it('counts the entry, the page chunk and their static imports, each once, and no other lazy chunk', () => {
    const { files, missing } = routeChunks(aManifest(), ['src/auth/pages/LoginPage.tsx']);
    expect(files.sort()).toEqual(['assets/LoginPage.js', 'assets/form.js', 'assets/index.js', 'assets/react.js']);
    expect(missing).toEqual([]);
  });

  it('passes a login route within its budget', () => {
    const report = checkBudgets(aManifest(), loginBudget, sizeOf);
    expect(report.ok).toBe(true);
    expect(report.rows[0]).toMatchObject({ route: '/auth/login', kb: { br: 135, gzip: 162, raw: 405 }, ok: true, problems: [] });
    expect(formatReport(report)).toMatch(/\/auth\/login\s+4\s+405\.0\s+162\.0\s+135\.0\s+200\s+OK/);
  });

  it('fails when a large module is imported statically into the login page', () => {
    const report = checkBudgets(aManifest(['_form.js', '_charts.js']), loginBudget, sizeOf);
    expect(report.ok).toBe(false);
    expect(report.rows[0].kb.br).toBe(285);
    expect(report.rows[0].problems).toEqual(['285.0 kB br is over the budget of 200 kB']);
    expect(formatReport(report)).toContain('OVER');
  });

  it('counts the chosen compression: the same build can pass in brotli and fail in gzip', () => {
    const tight: Budget = { ...loginBudget, routes: [{ ...loginBudget.routes[0], maxKb: 150 }] };
    expect(checkBudgets(aManifest(), tight, sizeOf).ok).toBe(true);
    expect(checkBudgets(aManifest(), { ...tight, compression: 'gzip' }, sizeOf).ok).toBe(false);
  });

  it('fails when a listed page module is not in the manifest, so a renamed page cannot pass unchecked', () => {
    const renamed: Budget = { ...loginBudget, routes: [{ ...loginBudget.routes[0], modules: ['src/auth/pages/SignInPage.tsx'] }] };
    const report = checkBudgets(aManifest(), renamed, sizeOf);
    expect(report.ok).toBe(false);
    expect(report.rows[0].problems).toEqual([
      'src/auth/pages/SignInPage.tsx is not in any chunk of the manifest (renamed, moved or no longer lazily loaded?)',
    ]);
  });

  it('fails when a route loads a chunk it must not, such as an admin page', () => {
    const report = checkBudgets(aManifest(['_form.js', 'src/pages/admin/UsersPage.tsx']), loginBudget, sizeOf);
    expect(report.ok).toBe(false);
    expect(report.rows[0].problems).toContain('loads src/pages/admin/UsersPage.tsx, which this route must not load');
  });

  describe('with a screen chunk (first-screen-chunks.ts), which the manifest names by no page', () => {
    // The portal's layout and its dashboard share one chunk; the build's chunk list says what it holds.
    const withScreen: Manifest = {
      ...aManifest(),
      'index.html': { ...aManifest()['index.html'], dynamicImports: ['src/auth/pages/LoginPage.tsx', '_portal.js'] },
      '_portal.js': { file: 'assets/portal.js', imports: ['index.html', '_charts.js'] },
    };
    const chunkModules: ChunkModules = { 'assets/portal.js': ['src/shell/PortalLayout.tsx', 'src/dashboard/DashboardPage.tsx', 'src/ui/Card.tsx'] };
    const dashboard = (extra: Partial<Budget['routes'][number]> = {}): Budget => ({
      compression: 'br',
      routes: [{ route: '/app/dashboard', modules: ['src/shell/PortalLayout.tsx', 'src/dashboard/DashboardPage.tsx'], maxKb: 350, ...extra }],
    });

    it('finds a page inside it by the chunk list, and counts the chunk once', () => {
      const report = checkBudgets(withScreen, dashboard(), (file) => sizeOf(file === 'assets/portal.js' ? 'assets/UsersPage.js' : file), chunkModules);
      expect(report.rows[0]).toMatchObject({ files: expect.arrayContaining(['assets/portal.js', 'assets/charts.js']), ok: true });
      expect(report.rows[0].files).toHaveLength(4);
      // Without the chunk list the pages cannot be found, and the check says so.
      expect(checkBudgets(withScreen, dashboard(), sizeOf).rows[0].problems).toEqual([
        'src/shell/PortalLayout.tsx is not in any chunk of the manifest (renamed, moved or no longer lazily loaded?)',
        'src/dashboard/DashboardPage.tsx is not in any chunk of the manifest (renamed, moved or no longer lazily loaded?)',
      ]);
    });

    it('sees a module a route must not load inside a chunk that holds several', () => {
      const report = checkBudgets(withScreen, dashboard({ excludes: ['src/ui/Card'] }), sizeOf, chunkModules);
      expect(report.rows[0].problems).toEqual(['loads src/ui/Card.tsx (in assets/portal.js), which this route must not load']);
    });
  });

  it('fails a route that loads more files than its limit: each is a round trip on a slow network', () => {
    const limited: Budget = { ...loginBudget, routes: [{ ...loginBudget.routes[0], maxFiles: 3 }] };
    expect(checkBudgets(aManifest(), limited, sizeOf).rows[0].problems).toEqual(['4 files are over the limit of 3: each is a round trip on a slow network']);
    expect(checkBudgets(aManifest(), { ...limited, routes: [{ ...limited.routes[0], maxFiles: 4 }] }, sizeOf).ok).toBe(true);
  });
});
