// Command-line options of `npm run experiment`: defaults, parsing, validation and --help.
import { parseArgs } from 'node:util';
import { POOL_CONFIGS, SCENARIOS, type ExperimentOptions, type GeneratorThread, type RunName } from './types.js';
import { parseRunName } from './run.js';
import { checkTarget } from './artillery.js';

export const DEFAULT_RUNS: RunName[] = [
  'shared/healthy',
  'per-dependency/healthy',
  'shared/slow-a',
  'per-dependency/slow-a',
  'shared/failing-a',
  'per-dependency/failing-a',
  'shared/burst-a',
  'per-dependency/burst-a',
  'shared/slow-a/pool-40/connections-8',
  'per-dependency/slow-a/connections-8',
  'shared/slow-a/queue-20',
];

/**
 * Sized so that a slow A needs more slots than P on its own (150/s × 180 ms ≈ 27 > 20), while a
 * healthy /a needs one or two, and a burst of 2P/3 needs more than its own P/2 but leaves room in P
 * for the other calls in flight.
 */
export function defaultOptions(overrides: Partial<ExperimentOptions> = {}): ExperimentOptions {
  const timeoutMs = overrides.timeoutMs ?? 200;
  const poolSize = overrides.poolSize ?? 20;
  return {
    ratePerSecond: 150,
    durationMs: 10_000,
    warmupMs: 1_000,
    leadMs: 1_000,
    poolSize,
    queueSize: 0,
    maxWaitMs: null,
    connections: null,
    timeoutMs,
    generatorTimeoutMs: timeoutMs + 100,
    faultDelayMs: Math.round(timeoutMs * 0.9),
    workMs: 2,
    windowMs: timeoutMs,
    burstSize: Math.floor((poolSize * 2) / 3),
    burstEveryMs: timeoutMs,
    stallMs: timeoutMs / 4,
    busyMs: timeoutMs / 8,
    lateThresholdMs: 2,
    settleMs: 500,
    runs: [...DEFAULT_RUNS],
    repeat: 3,
    generator: 'worker',
    label: '',
    ...overrides,
  };
}

export interface CliChoice {
  help: boolean;
  options: ExperimentOptions;
  /** Output file; undefined means experiment/results/<date>.json. */
  out: string | undefined;
  /** Write the load as an Artillery script to `file`, aimed at `target`, instead of measuring. */
  exportArtillery: { file: string; target: string } | undefined;
}

export const HELP = `Usage: npm run experiment -- [options]

Measures the bulkhead hypothesis on this machine: a service with /a (calls dependency A through a
fault-injection proxy) and /b (calls dependency B), under an open-loop load, once per run.
Everything listens on 127.0.0.1 at ports the OS picks.

Durations take a unit (250ms, 1.5s); a bare number is seconds for --duration, --warmup, --lead
and --settle, milliseconds for every other duration. Under 1ms is refused, unless it is 0.

  --rate N            requests per second sent to EACH endpoint               (default 150)
  --duration T        measured period of each run after the fault starts      (default 10s)
  --lead T            measured healthy time before the fault starts           (default 1s)
  --warmup T          load before the lead, proxy healthy, not recorded       (default 1s)
  --pool P            shared bulkhead size; per-dependency bulkheads get P/2  (default 20)
  --queue N           cockatiel queue places per bulkhead; 0 rejects when all slots are busy
                      (default 0)
  --max-wait T        instead of cockatiel's bulkhead, a semaphore whose callers wait up to T for
                      a slot and are then rejected, like Resilience4j's maxWaitDuration (default: off)
  --connections N     connection limit of the service's outbound HTTP agent, A and B together
                      (maxTotalSockets)                                       (default: no limit)
  --timeout T         the service's outbound timeout, same in both configurations (default 200ms)
  --generator-timeout T
                      the load generator gives up on a request this long after sending it
                      (default: timeout + 100ms, so the service's own 504 or 503 arrives first)
  --fault-delay T     latency the proxy adds in slow-a                        (default 90% of --timeout)
  --work T            simulated work of each dependency stub                  (default 2ms)
  --window T          width of the time windows in the series                 (default: --timeout)
  --burst N           in burst-a, extra requests sent to /a at once            (default 2/3 of --pool)
  --burst-every T     in burst-a, time between bursts                         (default: --timeout)
  --stall T           an event-loop delay this long counts as the loop at its limit
                      (default 1/4 of --timeout)
  --late T            a send later than this after its intended time is a late send (default 2ms)
  --busy T            a run is machine-busy, and left out of every conclusion, when the service's or
                      the generator's event loop was held up this long, or a request left this late
                                                                              (default 1/8 of --timeout)
  --repeat N          make each run N times, interleaved; conclusions need 2 usable repeats each
                                                                              (default 3)
  --settle T          pause between runs                                      (default 0.5s)
  --runs LIST         comma-separated runs, each <pool>/<scenario>, optionally followed by
                      /pool-N, /queue-N, /wait-T or /connections-N for that run alone (each
                      once; /queue-N or /wait-T also sets that run's kind of line, whatever
                      --queue or --max-wait say); "default" stands for the default list
                                                                              (default: the eleven below)
                      pool: ${POOL_CONFIGS.join(', ')}
                      scenario: ${SCENARIOS.join(', ')}
                      default: ${DEFAULT_RUNS.join(', ')}
  --generator WHERE   worker: the load generator has its own thread and event loop (default);
                      inline: it shares the service's event loop
  --label TEXT        free text saved with the result, e.g. what else ran on the machine
  --out FILE          where to write the JSON                 (default experiment/results/<date>.json)
  --export-artillery FILE
                      instead of measuring, write the same open-loop load (--rate, --warmup, --lead,
                      --duration, --generator-timeout) as an Artillery 2 script aimed at --target
  --target URL        the service the Artillery script loads, with /a and /b under it
  --from-lab WHERE    instead, run a lab's inputs (a JSON file or a permalink) with the cockatiel policies
                      the lab exports, beside the model's prediction (--from-lab --help for its options)
  -h, --help          this text

Progress goes to stderr (one line per window), the tables to stdout.
`;

type Unit = 'ms' | 's';

/**
 * "250ms", "1.5s", or a bare number in the given unit; returns milliseconds. Less than a millisecond
 * but more than none is refused: timers count whole milliseconds, and an Artillery phase of it
 * would read "0ms".
 */
function parseDuration(text: string, bareUnit: Unit, option: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  if (!match) throw new Error(`--${option}: "${text}" is not a duration like 200ms or 1.5s`);
  const value = Number(match[1]);
  const ms = (match[2] ?? bareUnit) === 's' ? value * 1000 : value;
  if (ms > 0 && ms < 1)
    throw new Error(`--${option}: "${text}" is ${Number(ms.toPrecision(3))} ms; give 0 or at least 1ms`);
  return ms;
}

function parseCount(text: string, option: string): number {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) throw new Error(`--${option}: "${text}" is not a number`);
  return Number(text);
}

export function parseCli(argv: readonly string[]): CliChoice {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      rate: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      lead: { type: 'string' },
      pool: { type: 'string' },
      queue: { type: 'string' },
      'max-wait': { type: 'string' },
      connections: { type: 'string' },
      burst: { type: 'string' },
      'burst-every': { type: 'string' },
      stall: { type: 'string' },
      timeout: { type: 'string' },
      'generator-timeout': { type: 'string' },
      'fault-delay': { type: 'string' },
      work: { type: 'string' },
      window: { type: 'string' },
      late: { type: 'string' },
      busy: { type: 'string' },
      repeat: { type: 'string' },
      settle: { type: 'string' },
      runs: { type: 'string' },
      generator: { type: 'string' },
      label: { type: 'string' },
      out: { type: 'string' },
      'export-artillery': { type: 'string' },
      target: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      // Renamed: the card's "client timeout" is the service's own --timeout (it is A's client).
      'client-timeout': { type: 'string' },
    },
  });
  if (values['client-timeout'] !== undefined)
    throw new Error(
      "--client-timeout is now --generator-timeout: the load generator's timeout. The card's client timeout is " +
        "the service's --timeout, the service being A's client",
    );
  const overrides: Partial<ExperimentOptions> = {};
  const duration = (key: keyof typeof values, unit: Unit): number | undefined => {
    const text = values[key];
    return typeof text === 'string' ? parseDuration(text, unit, key) : undefined;
  };
  const set = <K extends keyof ExperimentOptions>(key: K, value: ExperimentOptions[K] | undefined): void => {
    if (value !== undefined) overrides[key] = value;
  };
  set('ratePerSecond', values.rate === undefined ? undefined : parseCount(values.rate, 'rate'));
  set('durationMs', duration('duration', 's'));
  set('warmupMs', duration('warmup', 's'));
  set('leadMs', duration('lead', 's'));
  set('poolSize', values.pool === undefined ? undefined : parseCount(values.pool, 'pool'));
  set('queueSize', values.queue === undefined ? undefined : parseCount(values.queue, 'queue'));
  set('maxWaitMs', duration('max-wait', 'ms'));
  set('connections', values.connections === undefined ? undefined : parseCount(values.connections, 'connections'));
  set('burstSize', values.burst === undefined ? undefined : parseCount(values.burst, 'burst'));
  set('burstEveryMs', duration('burst-every', 'ms'));
  set('stallMs', duration('stall', 'ms'));
  set('timeoutMs', duration('timeout', 'ms'));
  set('generatorTimeoutMs', duration('generator-timeout', 'ms'));
  set('faultDelayMs', duration('fault-delay', 'ms'));
  set('workMs', duration('work', 'ms'));
  set('windowMs', duration('window', 'ms'));
  set('lateThresholdMs', duration('late', 'ms'));
  set('busyMs', duration('busy', 'ms'));
  set('repeat', values.repeat === undefined ? undefined : parseCount(values.repeat, 'repeat'));
  set('settleMs', duration('settle', 's'));
  if (values.runs !== undefined) {
    set(
      'runs',
      values.runs
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .flatMap((name) => (name === 'default' ? DEFAULT_RUNS : [name as RunName])),
    ); // checked below
  }
  if (values.generator !== undefined) {
    if (values.generator !== 'worker' && values.generator !== 'inline')
      throw new Error('--generator: expected worker or inline');
    set('generator', values.generator satisfies GeneratorThread);
  }
  set('label', values.label);
  const options = defaultOptions(overrides);
  validateOptions(options, new Set(Object.keys(overrides) as (keyof ExperimentOptions)[]));
  const file = values['export-artillery'];
  if ((file === undefined) !== (values.target === undefined))
    throw new Error('--export-artillery FILE and --target URL go together: the script, and the service it loads');
  if (file !== undefined && values.runs !== undefined && options.runs.some((run) => run.split('/')[1] === 'burst-a'))
    throw new Error(
      '--export-artillery: Artillery runs its arrival phases one after another, so the bursts of burst-a cannot ' +
        'run beside the steady stream; the script holds the steady load every other run sends',
    );
  return {
    help: values.help ?? false,
    options,
    out: values.out,
    exportArtillery: file === undefined ? undefined : { file, target: checkTarget(values.target!) },
  };
}

/** The command-line name of each option that has one. */
const FLAGS: Partial<Record<keyof ExperimentOptions, string>> = {
  ratePerSecond: '--rate',
  durationMs: '--duration',
  warmupMs: '--warmup',
  leadMs: '--lead',
  poolSize: '--pool',
  queueSize: '--queue',
  maxWaitMs: '--max-wait',
  connections: '--connections',
  timeoutMs: '--timeout',
  generatorTimeoutMs: '--generator-timeout',
  faultDelayMs: '--fault-delay',
  workMs: '--work',
  windowMs: '--window',
  burstSize: '--burst',
  burstEveryMs: '--burst-every',
  stallMs: '--stall',
  lateThresholdMs: '--late',
  busyMs: '--busy',
  repeat: '--repeat',
  settleMs: '--settle',
};

/** Options whose default follows another option (see defaultOptions). */
const DERIVED_FROM: Partial<Record<keyof ExperimentOptions, keyof ExperimentOptions>> = {
  generatorTimeoutMs: 'timeoutMs',
  faultDelayMs: 'timeoutMs',
  windowMs: 'timeoutMs',
  burstEveryMs: 'timeoutMs',
  stallMs: 'timeoutMs',
  busyMs: 'timeoutMs',
  burstSize: 'poolSize',
};

/**
 * Bounds every option so a run is finite in time, memory and sockets. An option left to a default
 * that follows another one is not the user's mistake: the message then names the option given.
 */
function validateOptions(options: ExperimentOptions, given: ReadonlySet<keyof ExperimentOptions>): void {
  const check = (ok: boolean, key: keyof ExperimentOptions, message: string): void => {
    if (ok) return;
    const source = DERIVED_FROM[key];
    if (source !== undefined && !given.has(key) && given.has(source)) {
      throw new Error(
        `${FLAGS[source]} ${options[source] as number}${source === 'poolSize' ? '' : 'ms'} does not suit the ` +
          `defaults that follow it: ${FLAGS[key]} (not given) would be ${options[key] as number}` +
          `${key === 'burstSize' ? '' : 'ms'}, but ${message.replace(/^--\S+ /, '')}; give ${FLAGS[key]} too, ` +
          `or another ${FLAGS[source]}`,
      );
    }
    throw new Error(message);
  };
  const within = (value: number, low: number, high: number): boolean =>
    Number.isFinite(value) && value >= low && value <= high;
  const whole = (key: 'poolSize' | 'queueSize' | 'burstSize' | 'repeat', low: number, high: number): void =>
    check(
      Number.isInteger(options[key]) && within(options[key], low, high),
      key,
      `${FLAGS[key]} must be a whole number from ${low} to ${high}`,
    );
  check(within(options.ratePerSecond, 1, 5000), 'ratePerSecond', '--rate must be between 1 and 5000 per second');
  check(within(options.durationMs, 100, 600_000), 'durationMs', '--duration must be between 100ms and 600s');
  check(within(options.warmupMs, 0, 60_000), 'warmupMs', '--warmup must be between 0 and 60s');
  check(within(options.leadMs, 0, 60_000), 'leadMs', '--lead must be between 0 and 60s');
  whole('poolSize', 2, 10_000);
  whole('queueSize', 0, 10_000);
  check(
    options.maxWaitMs === null || within(options.maxWaitMs, 0, 60_000),
    'maxWaitMs',
    '--max-wait must be between 0 and 60s',
  );
  check(
    options.maxWaitMs === null || options.queueSize === 0,
    'maxWaitMs',
    '--queue (a line capped by count) and --max-wait (a line capped by time) are two kinds of bulkhead; give one',
  );
  check(
    options.connections === null || (Number.isInteger(options.connections) && within(options.connections, 1, 10_000)),
    'connections',
    '--connections must be a whole number from 1 to 10000',
  );
  check(within(options.timeoutMs, 1, 60_000), 'timeoutMs', '--timeout must be between 1ms and 60s');
  whole('burstSize', 1, 10_000);
  check(within(options.burstEveryMs, 10, 60_000), 'burstEveryMs', '--burst-every must be between 10ms and 60s');
  check(within(options.stallMs, 1, 60_000), 'stallMs', '--stall must be between 1ms and 60s');
  check(
    within(options.generatorTimeoutMs, 1, 120_000),
    'generatorTimeoutMs',
    '--generator-timeout must be between 1ms and 120s',
  );
  check(within(options.faultDelayMs, 0, 120_000), 'faultDelayMs', '--fault-delay must be between 0 and 120s');
  check(within(options.workMs, 0, 10_000), 'workMs', '--work must be between 0 and 10s');
  check(
    within(options.windowMs, 100, 60_000) && options.windowMs <= options.durationMs,
    'windowMs',
    '--window must be between 100ms and 60s, and not longer than --duration',
  );
  check(within(options.lateThresholdMs, 0, 10_000), 'lateThresholdMs', '--late must be between 0 and 10s');
  check(within(options.settleMs, 0, 60_000), 'settleMs', '--settle must be between 0 and 60s');
  check(within(options.busyMs, 1, 60_000), 'busyMs', '--busy must be between 1ms and 60s');
  whole('repeat', 1, 10);
  const seconds = (options.durationMs + options.leadMs + options.warmupMs) / 1000;
  check(
    options.ratePerSecond * seconds <= 1_000_000 &&
      (options.burstSize * seconds * 1000) / options.burstEveryMs <= 1_000_000,
    'ratePerSecond',
    '--rate × (--duration + --lead + --warmup) must stay under one million requests per endpoint, bursts too',
  );
  check(options.runs.length > 0 && options.runs.length <= 32, 'runs', '--runs must name 1 to 32 runs');
  for (const run of options.runs) parseRunName(run, options);
}
