/**
 * The autoloader, `dist/autoload.js`: one script tag for a page that uses only some elements. It
 * loads an element's module (`dist/elements/<tag>.js`, with the chunks it shares) the first time
 * its tag appears: in the document, in an element added later, or in the shadow root of one of the
 * library's own elements. A page pays only for the elements it shows.
 */
import { TAGS } from './elements/tags.js';
import { loadWhenSeen } from './elements/when-seen.js';

loadWhenSeen(TAGS, (tag) => import(new URL(`./elements/${tag}.js`, import.meta.url).href), { deep: true });
