// `--export-artillery FILE --target URL`: the experiment's open-loop load as an Artillery 2 script,
// for a service deployed elsewhere and a load engine that spreads over many machines. Each arriving
// virtual user sends one GET /a and one GET /b at once, so both endpoints get exactly --rate a second
// (Artillery picks between scenarios at random, which would not); the phases are the warm-up, the
// lead and the fault period, and Artillery's HTTP timeout is the generator's.
import type { ExperimentOptions } from './types.js';

export interface ArtilleryPhase {
  name: string;
  /** Artillery reads "1500ms" as 1.5 s; a bare number must be whole seconds. */
  duration: string;
  arrivalRate: number;
}

export interface ArtilleryScript {
  config: {
    target: string;
    http: { timeout: number };
    plugins: { 'metrics-by-endpoint': Record<string, never> };
    phases: ArtilleryPhase[];
  };
  scenarios: { name: string; flow: { parallel: { get: { url: string } }[] }[] }[];
}

/**
 * The target as Artillery wants it: an http(s) URL without a trailing slash, to which it adds /a
 * and /b. A query or a fragment would end up before them (`?token=1/a`), so it is refused. Throws a
 * one-line Error.
 */
export function checkTarget(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--target: "${text}" is not a URL such as http://127.0.0.1:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--target: "${text}" is not an http or https URL`);
  if (/[?#]/.test(url.href))
    throw new Error(
      `--target: "${text}" has a query or a fragment, which the requests to /a and /b would not keep; ` +
        "give the service's base URL, such as http://127.0.0.1:8080/api",
    );
  return url.href.replace(/\/+$/, '');
}

export function artilleryScript(options: ExperimentOptions, target: string): ArtilleryScript {
  // Whole milliseconds: a phase that rounds to none is left out, never written as "0ms".
  const phase = (name: string, ms: number): ArtilleryPhase[] =>
    Math.round(ms) > 0 ? [{ name, duration: `${Math.round(ms)}ms`, arrivalRate: options.ratePerSecond }] : [];
  return {
    config: {
      target: checkTarget(target),
      http: { timeout: options.generatorTimeoutMs / 1000 },
      plugins: { 'metrics-by-endpoint': {} },
      phases: [
        ...phase('warm-up (the experiment does not count it)', options.warmupMs),
        ...phase('lead: dependencies healthy', options.leadMs),
        ...phase('fault period (the fault itself is up to the service under test)', options.durationMs),
      ],
    },
    scenarios: [
      {
        name: 'one request to each endpoint',
        flow: [{ parallel: [{ get: { url: '/a' } }, { get: { url: '/b' } }] }],
      },
    ],
  };
}

/** The script as a file: JSON, which Artillery reads as YAML, after comments that say what it is. */
export function artilleryText(options: ExperimentOptions, target: string): string {
  const script = artilleryScript(options, target);
  return [
    '# Artillery 2 script written by `npm run experiment -- --export-artillery`: the open-loop load of the',
    `# measured companion, ${options.ratePerSecond} requests a second to each of /a and /b, against ${script.config.target}.`,
    '# Run it with `npx artillery run FILE` (experiment/README.md says how to read its report next to ours).',
    JSON.stringify(script, null, 2),
    '',
  ].join('\n');
}
