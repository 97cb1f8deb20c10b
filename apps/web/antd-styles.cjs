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

/** The stylesheet for both colour modes: the light mode's rules, then the dark mode's that differ. */
function antdStyleSheet() {
  const React = require('react');
  const { ConfigProvider } = require('antd');
  const { extractStyle } = require('@ant-design/static-style-extract');
  const { portalThemeFor, themeClassOf } = loadTheme();
  const cssOf = (mode) =>
    extractStyle({
      includes: COMPONENTS,
      // Extracted as the app renders: the mode's theme, without the zero-runtime switch (that is what is extracted here).
      customTheme: (node) => React.createElement(ConfigProvider, { theme: { ...portalThemeFor(mode), zeroRuntime: false } }, node),
    });
  const light = rulesOf(cssOf('light')).filter(renderedByTheApp);
  const shared = new Set(light);
  const darkOnly = rulesOf(cssOf('dark')).filter((rule) => renderedByTheApp(rule) && !shared.has(rule));
  // Only rules that carry a mode's class may differ between the modes: anything else would apply to both.
  const stray = darkOnly.filter((rule) => !rule.includes(`.${themeClassOf('dark')}`));
  if (stray.length > 0) throw new Error(`antd styles: ${stray.length} dark-mode rules outside .${themeClassOf('dark')}, e.g. ${stray[0].slice(0, 160)}`);
  return [...light, ...darkOnly].join('\n');
}

module.exports = { antdStyleSheet, COMPONENTS };
