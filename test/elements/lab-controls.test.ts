// <lab-controls>: a labelled control for every input, used as a reader uses it: choosing, typing and
// the keyboard. An edit asks the source and never starts playback; a value out of range is refused
// with a note that says what the box takes; a disabled control says why; `fields` picks the inputs.
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { LabControls } from '../../src/elements/lab-controls/lab-controls.js';
import { loadLocale } from '../../src/i18n/msg.js';
import { hear } from '../helpers/binding.js';
import { choose, deep, deepAll, settled, settledFixture, textOf, typeInto } from '../helpers/ui.js';

const controls = (attributes = '') =>
  settledFixture<LabControls>(html`<lab-controls preset="stalled-dependency" fields=${attributes}></lab-controls>`);

describe('<lab-controls>', () => {
  it('labels every control, and each shows the value in use', async () => {
    const el = await controls();
    const named = deepAll<HTMLInputElement | HTMLSelectElement>(el, '[name]');
    for (const control of named) {
      const label = control.labels?.[0] ?? control.closest('label');
      expect(label && textOf(label), control.name).to.not.equal('');
    }
    expect(deep<HTMLSelectElement>(el, '#policy').value).to.equal('shared-fifo');
    expect(deep<HTMLInputElement>(el, '#f-aTimeout').value).to.equal('12');
    expect(deep<HTMLInputElement>(el, '[name="aFault"][value="stall"]').checked).to.equal(true);
  });

  it('changes an input with the keyboard, at once, and never starts playback', async () => {
    const el = await controls();
    const ear = hear(el);
    deep<HTMLSelectElement>(el, '#policy').focus();
    await sendKeys({ press: 'ArrowDown' });
    await settled(el);
    ear.stop();
    expect(el.config.policy).to.equal('shared-round-robin');
    expect(el.scenario.playing).to.equal(false);
    // On its own, it answers its own request and announces the new result.
    expect(ear.types()).to.deep.equal(['bulkhead-run']);
  });

  it('takes a typed number in range, and refuses one out of range with a note, keeping the value', async () => {
    const el = await controls();
    const box = deep<HTMLInputElement>(el, '#f-bTimeout');
    await typeInto(box, '7');
    await settled(el);
    expect(el.config.bTimeout).to.equal(7);
    await typeInto(box, '99');
    await settled(el);
    expect(el.config.bTimeout).to.equal(7);
    expect(box.value).to.equal('7');
    expect(textOf(deep(el, '#f-bTimeout-refused'))).to.equal(
      '“99” is not accepted: this takes a whole number from 1 to 20, so it stays 7.',
    );
  });

  it('says why a control is disabled', async () => {
    const el = await controls();
    const reserved = deep<HTMLInputElement>(el, '#f-reservedA');
    expect(reserved.disabled).to.equal(true);
    expect(textOf(deep(el, '#f-reservedA-why'))).to.equal('Only the partitioned policies reserve slots.');
    choose(deep<HTMLSelectElement>(el, '#policy'), 'strict-partitions');
    await settled(el);
    expect(deep<HTMLInputElement>(el, '#f-reservedA').disabled).to.equal(false);
  });

  it('shows only the inputs `fields` names, in the order of the form, and says which names are unknown', async () => {
    const el = await settledFixture<LabControls>(
      html`<lab-controls fields="b-timeout policy nonsense"></lab-controls>`,
    );
    expect(deepAll<HTMLInputElement>(el, '[name]').map((control) => control.name)).to.deep.equal([
      'policy',
      'bTimeout',
    ]);
    expect(textOf(el)).to.contain('fields: "nonsense" names no input');
  });
  it('offers every choice with its words, and words them again in the language shown', async () => {
    const el = await controls();
    const offered = (id: string) =>
      [...deep<HTMLSelectElement>(el, id).options].map((option) => `${option.value}=${option.text}`);
    expect(offered('#f-aRecovers')).to.deep.equal([
      'none=never',
      ...[...Array(21).keys()].map((tick) => `${tick}=${tick}`),
    ]);
    expect(offered('#f-retryBudget')[0]).to.equal('none=no budget');
    expect(offered('#policy')).to.have.length(4);
    choose(deep<HTMLSelectElement>(el, '#f-aRecovers'), '6');
    await settled(el);
    expect(el.config.aRecovers).to.equal(6);
    await loadLocale('de');
    el.setAttribute('lang', 'de');
    await settled(el);
    expect(offered('#f-aRecovers')[0]).to.equal('none=nie');
    expect(offered('#f-retryBudget')[0]).to.equal('none=kein Budget');
    // Options written again keep the value in use.
    expect(deep<HTMLSelectElement>(el, '#f-aRecovers').value).to.equal('6');
  });

  it('holds the whole form in few nodes: no marker comment or blank per option, label or help', async () => {
    const el = await controls();
    const count = (node: Node): number => [...node.childNodes].reduce((sum, child) => sum + count(child), 1);
    // Every input with its label and help, and the groups: some 270 nodes, where a template per
    // option, label and help made over 600.
    expect(count(el.renderRoot)).to.be.below(300);
    expect(deep<HTMLSelectElement>(el, '#f-aRecovers').childNodes).to.have.length(22);
  });
});
