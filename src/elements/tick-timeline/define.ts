import { define } from '../define.js';
import { TickTimeline } from './tick-timeline.js';

define('tick-timeline', TickTimeline);
export { TickTimeline };
