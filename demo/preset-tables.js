// Renders each preset's full-window result, for every policy, as a plain table.
import { POLICIES, metricsAt, presets, simulate } from '../dist/sim.js';

const percent = (rate) => (rate === null ? 'no traffic' : `${Math.round(rate * 100)} %`);

function cell(row, text, header = false) {
  const element = document.createElement(header ? 'th' : 'td');
  element.textContent = String(text);
  if (header) element.scope = 'row';
  row.append(element);
}

function presetTable(name, preset) {
  const section = document.createElement('section');
  const heading = document.createElement('h2');
  heading.textContent = `${preset.title} (${name})`;
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const label of ['policy', 'tenant', 'completed / offered', 'completion rate', 'timed out', 'rejected', 'failed',
    'pending', 'p95 (completed only)', 'required', 'gate']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = label;
    head.append(th);
  }
  const body = table.createTBody();
  for (const policy of POLICIES) {
    const run = simulate({ ...preset.config, policy });
    const metrics = metricsAt(run, run.config.horizon);
    for (const tenant of ['A', 'B']) {
      const m = metrics[tenant];
      const row = body.insertRow();
      cell(row, policy + (policy === preset.config.policy ? ' (preset)' : ''), true);
      cell(row, tenant);
      cell(row, `${m.completed} / ${m.offered}`);
      cell(row, percent(m.completionRate));
      cell(row, m.timedOutWaiting + m.timedOutRunning);
      cell(row, m.rejected);
      cell(row, m.failed);
      cell(row, m.waiting + m.running);
      cell(row, m.p95 ?? '–');
      cell(row, m.required);
      cell(row, m.gate);
    }
  }
  const scroller = document.createElement('div');
  scroller.className = 'scroller';
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-label', `${preset.title}: results per policy`);
  scroller.append(table);
  section.append(heading, scroller);
  return section;
}

const results = document.getElementById('results');
results.replaceChildren(...Object.entries(presets).map(([name, preset]) => presetTable(name, preset)));
