import type { ScenarioBinding } from '../scenario/binding.js';
import { SourceController } from '../scenario/source-controller.js';
import { ScenarioElement } from './scenario-element.js';

/**
 * An element that always owns a scenario, made from its attributes, and serves the views inside it
 * and those whose `for` names its id.
 */
export abstract class SourceElement extends ScenarioElement {
  static override readonly linkAttribute: string = 'id';

  protected override createBinding(): ScenarioBinding {
    return new SourceController(this);
  }
}
