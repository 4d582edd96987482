/** A setting's value in words, as the notebook and the sweep say it. */
import { msg } from '../i18n/msg.js';
import { wordsOf } from '../i18n/words.js';
import type { Fault, LabConfig, Policy, TimeoutFrom } from '../sim/config.js';
import { settingOf } from '../sim/setting.js';
import { POLICY_WORDS, TIMEOUT_FROM_NAME } from './labels.js';

/** Dependency A's fault in a few words, as a value beside its setting. */
export const FAULT_NAME: Readonly<Record<Fault, string>> = wordsOf({
  none: () => msg('healthy'),
  stall: () => msg('stalled until timeout'),
  'fail-fast': () => msg('fail fast'),
});

/**
 * A setting's value as the controls show it: a policy, fault or where timeouts start by its name, a
 * number as it is; one left out of the config at the value it means then.
 */
export function settingValue(config: LabConfig, field: keyof LabConfig): string {
  const value = settingOf(config, field);
  // A value no control offers (a snapshot a script made) reads as it is.
  if (field === 'policy') return POLICY_WORDS[value as Policy]?.label ?? String(value);
  if (field === 'aFault') return FAULT_NAME[value as Fault] ?? String(value);
  if (field === 'timeoutFrom') return TIMEOUT_FROM_NAME[value as TimeoutFrom] ?? String(value);
  if (value === null) return field === 'aRecovers' ? msg('never') : msg('no budget');
  return String(value);
}
