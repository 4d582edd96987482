import { define } from '../define.js';
import { LabNotebook } from './lab-notebook.js';

define('lab-notebook', LabNotebook);

declare global {
  interface HTMLElementTagNameMap {
    'lab-notebook': LabNotebook;
  }
}
export { LabNotebook };
