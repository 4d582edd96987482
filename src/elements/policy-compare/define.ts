import { define } from '../define.js';
import { PolicyCompare } from './policy-compare.js';

define('policy-compare', PolicyCompare);

declare global {
  interface HTMLElementTagNameMap {
    'policy-compare': PolicyCompare;
  }
}
export { PolicyCompare };
