import { define } from '../define.js';
import { ConfigExport } from './config-export.js';

define('config-export', ConfigExport);

declare global {
  interface HTMLElementTagNameMap {
    'config-export': ConfigExport;
  }
}
export { ConfigExport };
