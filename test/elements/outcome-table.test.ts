// The outcome table's full window ends with the isolation reading: why each tenant's unfinished
// requests did not complete.
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import '../../src/elements/outcome-table/define.js';
import type { OutcomeTable } from '../../src/elements/outcome-table/outcome-table.js';
import { deepAll, settled } from '../helpers/ui.js';

/** The table's rows as label → [tenant A, tenant B], or per tenant in the narrow layout. */
const rows = (el: OutcomeTable) =>
  Object.fromEntries(
    deepAll(el, 'tbody tr').map((tr) => [
      tr.firstElementChild!.textContent.trim(),
      [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()),
    ]),
  );

async function table(attributes: string, width = 600) {
  const box = await fixture<HTMLDivElement>(html`<div style="width: ${width}px"></div>`);
  box.innerHTML = `<outcome-table preset="stalled-dependency" ${attributes}></outcome-table>`;
  const el = box.firstElementChild as OutcomeTable;
  for (let i = 0; i < 3; i++) {
    await settled(el);
    await nextFrame();
  }
  return el;
}

describe('<outcome-table> isolation reading', () => {
  it('counts B’s requests kept out by A: 3 under the shared FIFO pool, 0 under strict partitions', async () => {
    const shared = rows(await table('window="full"'));
    // B1, B2 and B3 wait behind A's four stalled calls and time out (docs/MODEL.md, Reference outcomes).
    // A0–A9 all start and stall until their timeouts; A10–A23 find A's queue full behind A's own calls.
    expect(shared['Kept out by the other tenant']).to.deep.equal(['0', '3']);
    expect(shared['Kept out by its own load']).to.deep.equal(['14', '0']);
    expect(shared['Its own call failed or timed out in service']).to.deep.equal(['10', '0']);
    expect(shared['Unresolved at the horizon']).to.deep.equal(['0', '0']);
    const strict = await table('window="full" policy="strict-partitions"');
    expect(rows(strict)['Kept out by the other tenant']).to.deep.equal(['0', '0']);
    await expect(strict).to.be.accessible();
  });

  it('gives A without home slots under strict partitions its own cause, shown only then', async () => {
    const none = rows(await table('window="full" policy="strict-partitions" reserved-a="0"'));
    expect(none['No slots of its own under this policy']).to.deep.equal(['24', '0']);
    expect(none['Kept out by its own load']).to.deep.equal(['0', '0']);
    expect(rows(await table('window="full"'))).to.not.have.property('No slots of its own under this policy');
  });

  it('names a stalled call in the reading as the outcome rows count it: timed out in service', async () => {
    for (const [fault, outcome] of [
      ['stall', 'Timed out in service'],
      ['fail-fast', 'Failed'],
    ] as const) {
      const shown = rows(await table(`window="full" a-fault="${fault}"`));
      const own = shown['Its own call failed or timed out in service']!;
      expect(shown[outcome]![0], fault).to.not.equal('0');
      // Without retries, every request whose own call did not finish is in one of those two rows.
      expect(Number(own[0]), fault).to.equal(Number(shown['Failed']![0]) + Number(shown['Timed out in service']![0]));
    }
  });

  it('shows the reading per tenant in a narrow box, and only over the full window', async () => {
    const narrow = await table('window="full"', 250);
    expect(deepAll(narrow, 'table').length).to.equal(2);
    expect(rows(narrow)['Kept out by the other tenant']).to.deep.equal(['3']); // the last table, B's, wins
    await expect(narrow).to.be.accessible();
    const inspected = await table('');
    expect(rows(inspected)).to.not.have.property('Kept out by the other tenant');
  });
});
