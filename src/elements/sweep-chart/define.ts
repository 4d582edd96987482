import { define } from '../define.js';
import { SweepChart } from './sweep-chart.js';

define('sweep-chart', SweepChart);

declare global {
  interface HTMLElementTagNameMap {
    'sweep-chart': SweepChart;
  }
}
export { SweepChart };
