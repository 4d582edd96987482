import { define } from '../define.js';
import { LabControls } from './lab-controls.js';

define('lab-controls', LabControls);
export { LabControls };
