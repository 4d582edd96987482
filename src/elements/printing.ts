/**
 * Whether the page is being printed, from `beforeprint` to `afterprint`. No frame comes between
 * `beforeprint` and the page's layout for print: what must show on paper is drawn at once, in the
 * event's task, not in a later frame.
 */
let printing = false;

export const isPrinting = (): boolean => printing;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => (printing = true));
  window.addEventListener('afterprint', () => (printing = false));
}
