/**
 * An input's value as the elements show it. A module of its own, so that a page with one widget,
 * which never shows a setting, does not load it.
 */
import { RETRY_DEFAULTS, TIMEOUT_FROM, type LabConfig } from './config.js';

/** The inputs a config may leave out, each with the value it means then. */
const OPTIONAL: Readonly<Record<string, unknown>> = { ...RETRY_DEFAULTS, timeoutFrom: TIMEOUT_FROM[0] };

/** An input's value, one left out of the config at the value it means then. */
export const settingOf = <F extends keyof LabConfig>(config: LabConfig, field: F): Exclude<LabConfig[F], undefined> =>
  (config[field] ?? OPTIONAL[field] ?? null) as Exclude<LabConfig[F], undefined>;
