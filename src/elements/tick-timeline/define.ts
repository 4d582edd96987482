import { define } from '../define.js';
import { TickTimeline } from './tick-timeline.js';

define('tick-timeline', TickTimeline);

declare global {
  interface HTMLElementTagNameMap {
    'tick-timeline': TickTimeline;
  }
}
export { TickTimeline };
