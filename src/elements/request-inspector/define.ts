import { define } from '../define.js';
import { RequestInspector } from './request-inspector.js';

define('request-inspector', RequestInspector);

declare global {
  interface HTMLElementTagNameMap {
    'request-inspector': RequestInspector;
  }
}
export { RequestInspector };
