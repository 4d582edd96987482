/**
 * Repeats of one configuration: `npm run experiment --repeat N` runs each configuration N times,
 * interleaved, and marks the runs a busy machine disturbed. These helpers group the runs by name,
 * leave the busy ones out, and give each figure's median and range; a difference between two
 * configurations counts only where it is larger than either one's spread across its repeats.
 * Shared by the chart and by the experiment's report and reading, so both judge alike.
 */

/** Median and range of one figure over the usable repeats of a configuration. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many repeats the figure comes from. */
  count: number;
}

/** The runs of one configuration (one name), in file order, and those not marked machine-busy. */
export interface RunGroup<R> {
  name: string;
  runs: R[];
  usable: R[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median and range of `values`; null when there are none. */
export function spreadOf(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return { median: median(values), min, max, count: values.length };
}

/** A figure of each run (null where a run has none), as a spread. */
export function figureOf<R>(runs: readonly R[], figure: (run: R) => number | null | undefined): Spread | null {
  const values: number[] = [];
  for (const run of runs) {
    const value = figure(run);
    if (typeof value === 'number' && Number.isFinite(value)) values.push(value);
  }
  return spreadOf(values);
}

/** Runs grouped by name, in the order each name first appears; `busy: true` runs are not usable. */
export function groupByName<R extends { name: string; busy?: boolean | null }>(runs: readonly R[]): RunGroup<R>[] {
  const groups = new Map<string, RunGroup<R>>();
  for (const run of runs) {
    let group = groups.get(run.name);
    if (!group) groups.set(run.name, (group = { name: run.name, runs: [], usable: [] }));
    group.runs.push(run);
    if (run.busy !== true) group.usable.push(run);
  }
  return [...groups.values()];
}

/**
 * Whether two configurations differ in a figure by more than the repeats of either vary: each has
 * at least two usable repeats, and the difference of the medians is larger than either's range.
 */
export function distinguishable(x: Spread | null, y: Spread | null): boolean {
  if (!x || !y || x.count < 2 || y.count < 2) return false;
  return Math.abs(x.median - y.median) > Math.max(x.max - x.min, y.max - y.min);
}
