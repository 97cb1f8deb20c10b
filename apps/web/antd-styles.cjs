'use strict';
// antd's component styles, written once at build time instead of in every browser.
//
// antd computes each component's CSS in the browser the first time the component renders
// (CSS-in-JS): on a phone that work, and the <style> elements it adds, were the larger part
// of the customer dashboard's blocking time. The app runs antd in its zero-runtime mode
// (see src/app/theme.ts) and loads this stylesheet instead: every component the app uses,
// in both colour modes. The two modes share their rules and differ only in CSS variables,
// scoped by each mode's class (THEME_CLASS in theme.ts), so the dark mode adds only its
// variables.
//
// The stylesheet comes in two parts. The first screens' part (what the landing page and
// sign-in can draw, found from their imports) is the one the HTML links, which the browser
// waits for before it paints anything; the rest is loaded with any other page's code
// (src/app/routes.tsx). On a slow mobile network the whole sheet, some 63 kB compressed,
// held the first paint of the landing page and sign-in back by about 0.3 s.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const ts = require('typescript');

/**
 * The components the app imports (`antd/es/<folder>` in src), as antd exports them; one
 * missing here renders unstyled, which the browser tests' screenshots and axe would show.
 */
const COMPONENTS = [
  'Alert', 'Avatar', 'Badge', 'Button', 'Card', 'Checkbox', 'Col', 'Collapse', 'DatePicker', 'Descriptions', 'Divider',
  'Drawer', 'Dropdown', 'Empty', 'Flex', 'Form', 'Input', 'InputNumber', 'Layout', 'List', 'Menu', 'Modal', 'Pagination',
  'Popconfirm', 'Popover', 'Progress', 'QRCode', 'Radio', 'Result', 'Row', 'Segmented', 'Select', 'Skeleton', 'Space',
  'Spin', 'Statistic', 'Steps', 'Switch', 'Table', 'Tabs', 'Tag', 'Timeline', 'Tooltip', 'Typography', 'Upload',
  'message', 'notification',
];

/** src/app/theme.ts, compiled for Node: its `antd/es/...` imports read antd's CommonJS build. */
function loadTheme() {
  const file = path.join(__dirname, 'src', 'app', 'theme.ts');
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: file,
  });
  const theme = new Module(file, module);
  theme.filename = file;
  theme.paths = Module._nodeModulePaths(path.dirname(file));
  const requireFromTheme = (request) => theme.require(request.replace(/^antd\/es\//, 'antd/lib/'));
  // The compiled module body, run with the require above.
  new Function('exports', 'require', 'module', '__filename', '__dirname', outputText)(theme.exports, requireFromTheme, theme, file, path.dirname(file));
  return theme.exports;
}

/** The CSS rules of a stylesheet antd wrote (no comments, one rule or at-rule block after another). */
function rulesOf(css) {
  const rules = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < css.length; index += 1) {
    const char = css[index];
    if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        rules.push(css.slice(start, index + 1));
        start = index + 1;
      }
    }
  }
  return rules;
}

/**
 * Not the variables of antd's preview panels (a pop-up drawn in place, which extraction renders
 * inside a ConfigProvider of their own): their class is a React id of this render (`css-var-_R_…`).
 */
const renderedByTheApp = (rule) => !/\.css-var-_/.test(rule);

/**
 * Components that antd draws inside others the app imports: their styles come with them. Form
 * lays its items out on the grid (Row, Col), Modal's footer is Buttons, QRCode shows a Spin
 * while it loads, Typography's ellipsis and copy button show a Tooltip.
 */
const DRAWN_INSIDE = { Form: ['Row', 'Col'], Modal: ['Button'], QRCode: ['Spin'], Typography: ['Tooltip'] };

/** antd's export names by the folder they are imported from (`antd/es/date-picker` → DatePicker). */
function exportNamesByFolder() {
  const index = fs.readFileSync(path.join(path.dirname(require.resolve('antd')), '..', 'es', 'index.js'), 'utf8');
  const names = new Map([['grid', ['Row', 'Col']]]);
  for (const [, name, folder] of index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)) names.set(folder, [name]);
  return names;
}

// `import x from '…'` and `export … from '…'`, not `import type`; and `import('…')`.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?'([^']+)'/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*'([^']+)'\s*\)/g;
// In the route table only the pages marked as first screens are followed.
const FIRST_SCREEN_PAGE = /\bfirstScreenPage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

/** The app's source files as the build reads them: from the disk. */
const DISK = {
  read: (file) => fs.readFileSync(file, 'utf8'),
  isFile: (file) => fs.existsSync(file) && fs.statSync(file).isFile(),
};

function sourceFileOf(from, specifier, sources) {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && sources.isFile(candidate),
  );
}

/**
 * The antd components the first screens can draw: everything `src/main.tsx` reaches through
 * the app's imports, static or lazy, except that in the route table (`routeTable`) only the
 * pages marked `firstScreenPage` are followed. Every other page loads the rest of the styles
 * with its code.
 */
function firstScreenComponents(root = __dirname, { entry = 'src/main.tsx', routeTable = 'src/app/routes.tsx', sources = DISK } = {}) {
  const names = exportNamesByFolder();
  const routes = path.resolve(root, routeTable);
  const components = new Set();
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = sources.read(file);
    const specifiers = [...text.matchAll(STATIC_IMPORT)].map((match) => match[1]);
    for (const match of text.matchAll(file === routes ? FIRST_SCREEN_PAGE : DYNAMIC_IMPORT)) specifiers.push(match[1]);
    for (const specifier of specifiers) {
      const folder = /^antd\/es\/([\w-]+)/.exec(specifier)?.[1];
      if (folder) for (const name of names.get(folder) ?? []) for (const drawn of [name, ...(DRAWN_INSIDE[name] ?? [])]) components.add(drawn);
      else if (specifier.startsWith('.')) {
        const source = sourceFileOf(file, specifier, sources);
        if (source) visit(source);
      }
    }
  };
  visit(path.resolve(root, entry));
  return COMPONENTS.filter((name) => components.has(name));
}

/** The stylesheet rules for both colour modes, in the app's theme: the light mode's rules, then the dark mode's that differ. */
function antdStyleRules(components, { portalThemeFor, themeClassOf }) {
  const React = require('react');
  const { ConfigProvider } = require('antd');
  const { extractStyle } = require('@ant-design/static-style-extract');
  const cssOf = (mode) =>
    extractStyle({
      includes: components,
      // Extracted as the app renders: the mode's theme, without the zero-runtime switch (that is what is extracted here).
      customTheme: (node) => React.createElement(ConfigProvider, { theme: { ...portalThemeFor(mode), zeroRuntime: false } }, node),
    });
  const light = rulesOf(cssOf('light')).filter(renderedByTheApp);
  const shared = new Set(light);
  const darkOnly = rulesOf(cssOf('dark')).filter((rule) => renderedByTheApp(rule) && !shared.has(rule));
  // Only rules that carry a mode's class may differ between the modes: anything else would apply to both.
  const stray = darkOnly.filter((rule) => !rule.includes(`.${themeClassOf('dark')}`));
  if (stray.length > 0) throw new Error(`antd styles: ${stray.length} dark-mode rules outside .${themeClassOf('dark')}, e.g. ${stray[0].slice(0, 160)}`);
  return [...light, ...darkOnly];
}

/** The two parts of the stylesheet: the first screens' components, and the rules every other component adds to them. */
function antdStyleSheets(root = __dirname) {
  const theme = loadTheme();
  const firstScreen = antdStyleRules(firstScreenComponents(root), theme);
  const inFirstScreen = new Set(firstScreen);
  const rest = antdStyleRules(COMPONENTS, theme).filter((rule) => !inFirstScreen.has(rule));
  return { firstScreen: firstScreen.join('\n'), rest: rest.join('\n') };
}

module.exports = { antdStyleSheets, firstScreenComponents, COMPONENTS };
