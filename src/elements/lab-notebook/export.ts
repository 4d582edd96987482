/**
 * The Markdown file "Export notes" downloads: notes, settings, full-window results, baseline.
 * Everything but the reader's own notes is escaped, so a heading, a value or the page address never
 * turns into a link, markup, another heading or a broken table.
 */
import { FIELDS, type LabConfig, type TenantMetrics } from '../../sim/index.js';
import { msg, str } from '../../i18n/msg.js';
import { GATE_LABEL, percent } from '../format.js';
import { SETTING_LABEL } from '../labels.js';
import { settingValue } from '../setting-value.js';

export interface Snapshot {
  config: LabConfig;
  results: { A: TenantMetrics; B: TenantMetrics };
}

/**
 * Text that reads as itself inside a heading or a table cell: one line, with every character that
 * could start a link, markup, code, emphasis, an entity or a cell boundary backslash-escaped. What
 * GitHub-style Markdown links without brackets is broken up the same way: the `:` of `scheme://`,
 * the `.` of `www.` and every `@`.
 */
export function markdownText(value: unknown): string {
  return String(value)
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/[\\`*_[\]<>#|~&@]/g, '\\$&')
    .replace(/:(?=\/\/)|(?<=www)\./gi, '\\$&');
}

const utf8 = new TextEncoder();

/** Percent-encodes everything but unreserved characters, `%` and the delimiters that are harmless here. */
const encodeUnsafe = (text: string) =>
  text.replace(/[^A-Za-z0-9\-._~:/?#@!$&'*+,;=%]/gu, (c) =>
    [...utf8.encode(c)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );

const LINKED_PROTOCOLS = new Set(['http:', 'https:', 'file:']);

/**
 * A page address as Markdown: a web or file address becomes one autolink `<…>` with anything that
 * could end or break it (`<`, `>`, brackets, parentheses, backticks, `|`, spaces, line breaks)
 * percent-encoded; anything else (`javascript:`, `data:`, text that is not a URL) is never a link,
 * only an encoded code span.
 */
export function markdownAddress(address: string): string {
  let url: URL | null;
  try {
    url = new URL(address);
  } catch {
    url = null;
  }
  if (!url || !LINKED_PROTOCOLS.has(url.protocol)) return `\`${encodeUnsafe(address)}\``;
  const encoded = encodeUnsafe(url.href);
  // An IPv6 host keeps its brackets: they are part of the address, and harmless inside `<…>`.
  const host = url.host.startsWith('[') ? encoded.replace(encodeUnsafe(url.host), url.host) : encoded;
  return `<${host}>`;
}

const row = (cells: unknown[]) => `| ${cells.map(markdownText).join(' | ')} |`;

const resultRows = (results: Snapshot['results']) =>
  (['A', 'B'] as const).map((tenant) => {
    const m = results[tenant];
    const timedOut = m.timedOutWaiting + m.timedOutRunning;
    return row([
      tenant,
      `${m.completed} / ${m.offered}`,
      percent(m.completionRate),
      timedOut,
      m.rejected,
      m.failed,
      m.waiting + m.running,
      m.p95 ?? '–',
      m.required,
      GATE_LABEL[m.gate],
    ]);
  });

function snapshotMarkdown(title: string, snapshot: Snapshot): string[] {
  return [
    `## ${title}`,
    '',
    row([msg('setting'), msg('value')]),
    '|---|---|',
    // A retry setting left out of the config is at its default, and is left out here too.
    ...FIELDS.filter((field) => snapshot.config[field] !== undefined).map((field) =>
      row([SETTING_LABEL[field], settingValue(snapshot.config, field)]),
    ),
    '',
    row([
      msg('tenant'),
      msg('completed / offered'),
      msg('completion rate'),
      msg('timed out'),
      msg('rejected'),
      msg('failed'),
      msg('pending'),
      msg('p95 (completed only)'),
      msg('required'),
      msg('gate'),
    ]),
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
  /** The page the notes were exported from; the current page's address unless given. */
  url?: string;
}): string {
  const { heading, notes, current, baseline, date } = options;
  const url = options.url ?? globalThis.location?.href;
  return [
    msg(str`# Notes: ${markdownText(heading)}`),
    '',
    url === undefined
      ? msg(str`Exported ${date.toISOString()}.`)
      : msg(str`Exported ${date.toISOString()} from ${markdownAddress(url)}.`),
    msg('Results are full-window results of a deterministic teaching model, not measurements.'),
    '',
    `## ${msg('Notes')}`,
    '',
    notes.trim() === '' ? msg('(no notes)') : notes,
    '',
    ...snapshotMarkdown(msg('Current settings and full-window results'), current),
    ...(baseline
      ? snapshotMarkdown(msg('Baseline settings and full-window results'), baseline)
      : [`## ${msg('Baseline')}`, '', msg('(none captured)'), '']),
  ].join('\n');
}
