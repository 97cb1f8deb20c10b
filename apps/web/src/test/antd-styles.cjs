// antd writes its styles at run time, one <style> per component, and jsdom matches every
// rule of every sheet against an element each time testing-library asks whether it is
// visible (every getByRole does). With antd's full styles that matching was most of the
// web suite's time, so in jest antd's run-time styles are not written at all. What the
// queries do read from antd's CSS is whether a closed dropdown, a hidden form item or an
// inactive tab is hidden: those rules (the top-level ones with "hidden" in the selector,
// from antd's own distributed stylesheet) are the one sheet the page gets.
const fs = require('node:fs');
const path = require('node:path');

const HIDES = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:;|$)/;

/** antd's top-level rules that hide an element in a "hidden" state, as CSS text. */
function hiddenStateRules() {
  // Resolved through antd's package.json: jest maps every .css request to a stub.
  const css = fs.readFileSync(path.join(path.dirname(require.resolve('antd/package.json')), 'dist/antd.css'), 'utf8');
  const rules = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const ch = css[i];
    if (ch === '{') {
      const selector = css.slice(start, i).trim();
      const close = css.indexOf('}', i);
      const block = css.slice(i + 1, close);
      if (depth === 0 && !block.includes('{') && selector.includes('hidden') && !selector.includes('::') && !selector.startsWith('@') && HIDES.test(block)) {
        const state = /visibility\s*:\s*hidden/.test(block) ? 'visibility:hidden' : 'display:none';
        rules.push(`${selector}{${state}}`);
      }
      depth += 1;
      start = i + 1;
    } else if (ch === '}') {
      depth -= 1;
      start = i + 1;
    } else if (ch === ';' && depth === 0) {
      start = i + 1;
    }
  }
  // An antd upgrade that moved its stylesheet must not leave every popup visible unnoticed.
  if (rules.length < 10) throw new Error(`antd.css gave ${rules.length} hidden-state rules; expected the popups' and form items'`);
  return rules.join('\n');
}

let cached;
module.exports = { hiddenStateRules: () => (cached ??= hiddenStateRules()) };
