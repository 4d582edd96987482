// <slot-board>: who holds each slot at the inspected tick, its home under partitions, whether it is
// borrowed, and each tenant's queue, oldest first, read as a reader reads it, checked against the
// model.
import { expect, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SlotBoard } from '../../src/elements/slot-board/slot-board.js';
import { queuesAt, simulate, slotsAt } from '../../src/sim/index.js';
import { deepAll, settled, settledFixture, textOf } from '../helpers/ui.js';

describe('<slot-board>', () => {
  it("names each slot's holder and both queues at the inspected tick, as the model has them", async () => {
    const board = await settledFixture<SlotBoard>(html`<slot-board preset="stalled-dependency"></slot-board>`);
    const run = simulate({ policy: 'shared-fifo' });
    for (const tick of [0, 5, 12, 20]) {
      board.tick = tick;
      await settled(board);
      expect(textOf(board)).to.contain(`Slots at tick ${tick}`);
      expect(deepAll(board, '.holder').map((holder) => textOf(holder))).to.deep.equal(
        slotsAt(run, tick).map((slot) => slot.holder ?? 'free'),
      );
      const queues = queuesAt(run, tick);
      for (const tenant of ['A', 'B'] as const)
        expect(textOf(board)).to.contain(`Tenant ${tenant} waiting: ${queues[tenant].length} of at most 6`);
    }
  });

  it('says whose home each slot is under partitions, and marks a borrowed one', async () => {
    const board = await settledFixture<SlotBoard>(
      html`<slot-board policy="borrowing" a-per-tick="0" b-every="1" b-hold="4"></slot-board>`,
    );
    board.tick = 3;
    await settled(board);
    const slots = deepAll(board, 'li.slot');
    expect(slots.map((slot) => textOf(slot.querySelector('small')!))).to.deep.equal([
      'home of A · tenant B · borrowed',
      'home of A · tenant B · borrowed',
      'home of B · tenant B',
      'home of B · tenant B',
    ]);
    expect(slots.filter((slot) => slot.classList.contains('borrowed'))).to.have.length(2);
  });

  it('says "nobody waiting" for an empty queue', async () => {
    const board = await settledFixture<SlotBoard>(html`<slot-board preset="stalled-dependency"></slot-board>`);
    expect(textOf(board)).to.contain('nobody waiting');
  });
});
