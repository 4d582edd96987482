/** The Markdown file "Export notes" downloads: notes, settings, full-window results, baseline. */
import { FIELDS, type LabConfig, type TenantMetrics } from '../../sim/index.js';
import { GATE_LABEL, percent } from '../format.js';

export interface Snapshot {
  config: LabConfig;
  results: { A: TenantMetrics; B: TenantMetrics };
}

const resultRows = (results: Snapshot['results']) =>
  (['A', 'B'] as const).map((tenant) => {
    const m = results[tenant];
    const timedOut = m.timedOutWaiting + m.timedOutRunning;
    return `| ${tenant} | ${m.completed} / ${m.offered} | ${percent(m.completionRate)} | ${timedOut} | ${m.rejected} | ${m.failed} | ${m.waiting + m.running} | ${m.p95 ?? '–'} | ${m.required} | ${GATE_LABEL[m.gate]} |`;
  });

function snapshotMarkdown(title: string, snapshot: Snapshot): string[] {
  return [
    `## ${title}`,
    '',
    '| setting | value |',
    '|---|---|',
    ...FIELDS.map((field) => `| ${field} | ${snapshot.config[field]} |`),
    '',
    '| tenant | completed / offered | completion rate | timed out | rejected | failed | pending | p95 (completed only) | required | gate |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...resultRows(snapshot.results),
    '',
  ];
}

export function notesMarkdown(options: {
  heading: string;
  notes: string;
  current: Snapshot;
  baseline: Snapshot | null;
  date: Date;
}): string {
  const { heading, notes, current, baseline, date } = options;
  return [
    `# ${heading}: notes`,
    '',
    `Exported ${date.toISOString()} from ${globalThis.location?.href ?? 'bulkhead-lab'}.`,
    'Results are full-window results of a deterministic teaching model, not measurements.',
    '',
    '## Notes',
    '',
    notes.trim() === '' ? '(no notes)' : notes,
    '',
    ...snapshotMarkdown('Current settings and full-window results', current),
    ...(baseline ? snapshotMarkdown('Baseline settings and full-window results', baseline) : ['## Baseline', '', '(none captured)', '']),
  ].join('\n');
}
