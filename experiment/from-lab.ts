// `npm run experiment -- --from-lab <config.json | permalink URL> [--tick-ms N] [--lab KEY]`: the lab's
// inputs, run for real. The cockatiel policies the lab exports (exportConfig) are saved as a module
// and imported as a reader would copy them; they call two dependency servers on 127.0.0.1 over
// HTTP, A as the lab's fault makes it (stalled: no answer until the caller gives up; fail-fast: 500
// at once; healthy: an answer after aHold ticks) and B after bHold ticks; the lab's workload is
// sent at its ticks, a tick lasting --tick-ms. The reading sets the model's prediction
// (simulate on the same config) beside what was measured, per tenant. A policy cockatiel cannot
// express (round-robin, lending) is refused with the reason.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IPolicy } from 'cockatiel';
import { readPermalink } from '../src/scenario/permalink.js';
import {
  DEFAULT_CONFIG,
  exportConfig,
  metricsAt,
  retrySettings,
  simulate,
  validateConfig,
  type LabConfig,
  type Tenant,
} from '../src/sim/index.js';

export const FROM_LAB_HELP = `Usage: npm run experiment -- --from-lab <config.json | permalink URL> [--tick-ms N] [--lab KEY]

Runs the lab's inputs for real with the cockatiel policies the lab exports, and sets the model's
prediction beside what was measured, per tenant.
  --from-lab WHERE  a JSON file of the lab's inputs ({ "policy": "strict-partitions", … }), or a
                    lab's permalink (a URL whose hash holds <key>.<field>=<value> entries)
  --tick-ms N       how long one tick lasts, 1–60000 ms                     (default 100)
  --lab KEY         which lab of a permalink with several                   (default: its only one)`;

export interface FromLabChoice {
  from: string;
  tickMs: number;
  lab: string | null;
}

/** Reads `--from-lab`, `--tick-ms` and `--lab`. @throws Error saying what is wrong. */
export function parseFromLab(argv: readonly string[]): FromLabChoice {
  const choice: FromLabChoice = { from: '', tickMs: 100, lab: null };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i]!.split(/=(.*)/s);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name}: a value is missing`);
    if (name === '--from-lab') choice.from = value;
    else if (name === '--lab') choice.lab = value;
    else if (name === '--tick-ms') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 60_000)
        throw new Error(`--tick-ms: "${value}" is not a whole number from 1 to 60000`);
      choice.tickMs = n;
    } else throw new Error(`${name}: not an option of --from-lab`);
  }
  if (!choice.from) throw new Error('--from-lab: a config file or a permalink is missing');
  return choice;
}

/** The lab's config from a JSON file or a permalink. @throws Error (RangeError for a bad input) saying why. */
export function readLabConfig(from: string, lab: string | null): LabConfig {
  if (/^https?:\/\//.test(from) || from.startsWith('#')) {
    const hash = from.includes('#') ? from.slice(from.indexOf('#')) : '';
    const keys = [
      ...new Set([...new URLSearchParams(hash.slice(1)).keys()].map((k) => k.slice(0, k.lastIndexOf('.')))),
    ];
    const key = lab ?? (keys.length === 1 ? keys[0]! : null);
    if (key === null)
      throw new Error(
        `--from-lab: the permalink holds ${keys.length ? `labs ${keys.join(', ')}: choose one with --lab` : 'no lab'}`,
      );
    return validateConfig({ ...DEFAULT_CONFIG, ...readPermalink(hash, key, DEFAULT_CONFIG).changes });
  }
  const input: unknown = JSON.parse(fs.readFileSync(from, 'utf8'));
  // A notebook's export or a bulkhead-run detail holds the inputs under `config`.
  const fields = input !== null && typeof input === 'object' && 'config' in input ? input.config : input;
  return validateConfig(fields as Partial<LabConfig>);
}

/** Per tenant: requests offered, and how the measured run ended them by the horizon. */
export interface Counts {
  offered: number;
  completed: number;
  failed: number;
  timedOut: number;
  rejected: number;
  pending: number;
}

export interface FromLabResult {
  config: LabConfig;
  tickMs: number;
  verdict: string;
  differences: string[];
  model: Record<Tenant, Counts>;
  measured: Record<Tenant, Counts>;
}

/** The model's full-window counts, in the measured shape. */
function predicted(config: LabConfig): Record<Tenant, Counts> {
  const m = metricsAt(simulate(config), config.horizon);
  const of = (t: Tenant): Counts => ({
    offered: m[t].offered,
    completed: m[t].completed,
    failed: m[t].failed,
    timedOut: m[t].timedOutWaiting + m[t].timedOutRunning,
    rejected: m[t].rejected,
    pending: m[t].waiting + m[t].running + m[t].retrying,
  });
  return { A: of('A'), B: of('B') };
}

/** A dependency server: answers each request after `holdMs`, fails it at once, or never answers. */
async function dependency(answer: (receivedAt: number) => number | 'fail' | 'stall') {
  const open = new Set<http.ServerResponse>();
  let closed: Promise<void> | undefined;
  const server = http.createServer((request, response) => {
    request.resume();
    // The client's first call, before the window, warms up its connection and its code.
    if (request.url === '/warm') return void response.end('ok');
    const how = answer(performance.now());
    if (how === 'fail') return void response.writeHead(500).end();
    open.add(response);
    response.on('close', () => open.delete(response));
    if (how !== 'stall') setTimeout(() => response.end('ok'), how);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    /** Ends every call still open and stops listening; once. */
    close: () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      return (closed ??= new Promise<void>((resolve) => server.close(() => resolve())));
    },
  };
}

/**
 * Runs `config` for real for ticks 0…horizon, a tick lasting `tickMs`, with cockatiel's policies as
 * exported. @throws Error when cockatiel cannot express the config's policy, saying why.
 */
export async function runFromLab(config: LabConfig, tickMs: number): Promise<FromLabResult> {
  const exported = exportConfig(config, 'cockatiel', { tickMs });
  if (exported.verdict === 'none') throw new Error(`cockatiel cannot run this lab: ${exported.differences[0]}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-from-lab-'));
  fs.symlinkSync(path.resolve('node_modules'), path.join(folder, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(folder, 'package.json'), '{ "type": "module" }\n');
  fs.writeFileSync(path.join(folder, 'policies.ts'), exported.code);
  // Set when the servers are up and warm: the lab's tick 0.
  let start = Infinity;
  const tickAt = (ms: number) => Math.floor((ms - start) / tickMs);
  const { aRecovers } = retrySettings(config);
  // A healthy answer comes a quarter tick before its hold ends, so that one due exactly at its deadline completes, as in the lab.
  const early = tickMs / 4;
  const a = await dependency((at) => {
    const healthy = config.aFault === 'none' || (aRecovers !== null && tickAt(at) >= aRecovers);
    return healthy ? config.aHold * tickMs - early : config.aFault === 'stall' ? 'stall' : 'fail';
  });
  const b = await dependency(() => config.bHold * tickMs - early);
  for (const { url } of [a, b]) await (await fetch(`${url}warm`)).text();
  start = performance.now() + tickMs; // a tick's grace to set up
  const empty = (): Counts => ({ offered: 0, completed: 0, failed: 0, timedOut: 0, rejected: 0, pending: 0 });
  const measured = { A: empty(), B: empty() };
  const horizonMs = start + (config.horizon + 0.5) * tickMs;
  const calls: Promise<void>[] = [];
  try {
    const policies = (await import(pathToFileURL(path.join(folder, 'policies.ts')).href)) as Record<string, IPolicy>;
    const call = (tenant: Tenant) => {
      const url = tenant === 'A' ? a.url : b.url;
      const counts = measured[tenant];
      counts.offered++;
      const outcome = policies[`policy${tenant}`]!.execute(async ({ signal }) => {
        const response = await fetch(url, { signal });
        await response.text();
        if (!response.ok) throw new Error(`dependency ${tenant}: HTTP ${response.status}`);
      }).then(
        () => 'completed' as const,
        (error: { isBulkheadRejectedError?: boolean; isTaskCancelledError?: boolean; name?: string }) =>
          error.isBulkheadRejectedError
            ? ('rejected' as const)
            : error.isTaskCancelledError || error.name === 'AbortError'
              ? ('timedOut' as const)
              : ('failed' as const),
      );
      // What ended after the horizon is still pending there, as in the lab.
      calls.push(outcome.then((end) => void counts[performance.now() <= horizonMs ? end : 'pending']++));
    };
    for (let tick = 0; tick <= Math.min(config.lastArrival, config.horizon); tick++) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + tick * tickMs - performance.now())));
      for (let i = 0; i < config.aPerTick; i++) call('A');
      if (tick % config.bEvery === 0) call('B');
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, horizonMs - performance.now())));
    // The window ends: calls still out are pending; the servers end them, and whatever follows is pending too.
    await Promise.all([a.close(), b.close()]);
    await Promise.all(calls);
  } finally {
    await Promise.all([a.close(), b.close()]);
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return {
    config,
    tickMs,
    verdict: exported.verdict,
    differences: exported.differences,
    model: predicted(config),
    measured,
  };
}

/** The reading: per tenant, the model's count beside the measured one, then the export's verdict and differences. */
export function formatFromLab({ config, tickMs, verdict, differences, model, measured }: FromLabResult): string {
  const rows: [string, keyof Counts][] = [
    ['offered', 'offered'],
    ['completed', 'completed'],
    ['failed', 'failed'],
    ['timed out', 'timedOut'],
    ['rejected', 'rejected'],
    ['pending at the horizon', 'pending'],
  ];
  const cell = (m: number, r: number) => `${m} / ${r}${m === r ? '' : ' *'}`.padEnd(12);
  return [
    `The lab's ${config.policy}, timeouts from ${config.timeoutFrom ?? 'arrival'}, one tick = ${tickMs} ms, ticks 0–${config.horizon}:`,
    `the model's prediction / the measured run (cockatiel as exported; * where they differ)`,
    '',
    `${''.padEnd(24)}${'tenant A'.padEnd(12)}tenant B`,
    ...rows.map(
      ([label, key]) =>
        `${label.padEnd(24)}${cell(model.A[key], measured.A[key])}${cell(model.B[key], measured.B[key])}`,
    ),
    '',
    `Export verdict: ${verdict}.`,
    ...differences.map((d) => `- ${d}`),
  ].join('\n');
}

/** The command: parses, runs, prints; the exit code (2 for bad input or a refused policy). */
export async function fromLabMain(argv: readonly string[]): Promise<number> {
  let config: LabConfig;
  let choice: FromLabChoice;
  try {
    choice = parseFromLab(argv);
    config = readLabConfig(choice.from, choice.lab);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${FROM_LAB_HELP}`);
    return 2;
  }
  try {
    console.log(formatFromLab(await runFromLab(config, choice.tickMs)));
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
}
