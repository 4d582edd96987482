import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/**
 * An element's children as plain elements of one tag, each with one text (and a value, for an
 * option), rewritten only when they change: `<ul ${textChildren('li', lines)}>`,
 * `<select ${textChildren('option', labels, values)}>`. A template per child would add three of
 * Lit's marker comments to each, and a lab draws some forty such children.
 */
class TextChildren extends Directive {
  #drawn = '';

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('textChildren() belongs inside a tag');
  }

  render(_tag: string, _texts: readonly string[], _values?: readonly string[]) {
    return noChange;
  }

  override update({ element }: ElementPart, [tag, texts, values]: Parameters<this['render']>) {
    const drawn = JSON.stringify([tag, texts, values]);
    if (drawn === this.#drawn) return noChange;
    this.#drawn = drawn;
    element.replaceChildren(
      ...texts.map((text, i) => {
        const child = element.ownerDocument.createElement(tag);
        child.textContent = text;
        if (values) child.setAttribute('value', values[i]!);
        return child;
      }),
    );
    return noChange;
  }
}

export const textChildren = directive(TextChildren);
