// One Trusted Types policy for every copy of Lit this library's builds bring to a page. Lit makes
// its policy, named `lit-html`, when its module loads; under a CSP that lists `trusted-types
// lit-html` without 'allow-duplicates', a second copy's createPolicy('lit-html') throws, and that
// copy's elements never draw. The bundle, the per-element entries and measured-run.js each carry
// their own Lit, and a page may load several of them (or the bundle twice). This plugin rewrites
// Lit's call so that the first copy to load makes the policy and keeps it on the page's
// trustedTypes object under Symbol.for('lit-html'), and every later copy takes it from there (as
// would any other build of Lit rewritten the same way). The key is that short for the size budgets:
// the standalone <outcome-gate> has none to spare.
import MagicString from 'magic-string';

const LIT_HTML = /[\\/]node_modules[\\/]lit-html[\\/]lit-html\.js$/;
/** Lit's production build: `s.createPolicy("lit-html",{createHTML:t=>t})`, whatever the minifier named them. */
const CALL = /([\w$]+)\.createPolicy\("lit-html",(\{createHTML:([\w$]+)=>\3\})\)/;
export const POLICY_KEY = 'lit-html';

export const litPolicy = () => ({
  name: 'shared-lit-policy',
  transform(code, id) {
    if (!LIT_HTML.test(id)) return null;
    const calls = code.match(new RegExp(CALL.source, 'g')) ?? [];
    // A Lit that makes its policy some other way must fail the build, not ship a second policy.
    if (calls.length !== 1) this.error(`${id}: expected one createPolicy("lit-html", …) call, found ${calls.length}`);
    const found = CALL.exec(code);
    const [call, types, options] = found;
    const text = new MagicString(code);
    text.overwrite(
      found.index,
      found.index + call.length,
      `(${types}[Symbol.for("${POLICY_KEY}")]??=${types}.createPolicy("lit-html",${options}))`,
    );
    return { code: text.toString(), map: text.generateMap({ hires: true }) };
  },
});
