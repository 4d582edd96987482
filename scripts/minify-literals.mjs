// Minifies the HTML and CSS inside Lit's html`` and css`` literals (Lit team's rollup plugin).
// One addition: a css`` fragment that is only a list of declarations (the dark colour scheme, which
// tokens.ts splices into two rules) is not a stylesheet, so LightningCSS rejects it. Wrap it in a
// throwaway rule, minify, and unwrap.
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import { defaultStrategy } from '@lit-labs/rollup-plugin-minify-html-literals/lib/strategy.js';

const WRAPPER = 'x{';

const strategy = {
  ...defaultStrategy,
  minifyCSS(css, options) {
    if (css.includes('{')) return defaultStrategy.minifyCSS(css, options);
    const min = defaultStrategy.minifyCSS(`${WRAPPER}${css}}`, options);
    if (!min.startsWith(WRAPPER) || !min.endsWith('}')) throw new Error(`cannot unwrap minified declarations: ${min}`);
    return min.slice(WRAPPER.length, -1);
  },
};

export const minifyLiterals = () =>
  minifyHtmlLiterals({ include: ['dist/lib/**/*.js'], failOnError: true, options: { strategy } });
