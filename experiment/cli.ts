// `npm run experiment`: runs the experiment, prints a table per run, writes the JSON file.
// Ctrl-C once stops the current run, closes everything and still writes the finished runs;
// a second Ctrl-C exits at once.
import { runExperiment } from './experiment.js';
import { HELP, parseCli } from './options.js';
import { defaultOutPath, formatProgress, formatRunTable, writeResult } from './report.js';

/** If something still holds the process open this long after the end, say what and exit. */
const EXIT_GRACE_MS = 5_000;
const SECOND_SIGINT_AFTER_MS = 500;

async function main(): Promise<number> {
  let choice;
  try {
    choice = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (choice.help) {
    console.log(HELP);
    return 0;
  }
  const { options } = choice;
  const out = choice.out ?? defaultOutPath(new Date());

  const stop = new AbortController();
  let firstSigintAt = 0;
  const onSigint = (): void => {
    // tsx relays the terminal's SIGINT to this process as well, so one Ctrl-C can arrive twice
    // within a few ms; only a later one means "exit at once".
    if (stop.signal.aborted) {
      if (Date.now() - firstSigintAt > SECOND_SIGINT_AFTER_MS) process.exit(130);
      return;
    }
    firstSigintAt = Date.now();
    console.error('\nStopping: closing servers and sockets (Ctrl-C again to exit at once)…');
    stop.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onSigint);
  try {
    console.error(
      `Runs: ${options.runs.join(', ')}; ${options.ratePerSecond}/s per endpoint, ${options.durationMs / 1000} s each.`,
    );
    const result = await runExperiment(options, {
      signal: stop.signal,
      onProgress: (progress) => console.error(formatProgress(progress, options.durationMs)),
      onRunDone: (run) => console.log(`\n${formatRunTable(run)}`),
    });
    if (result.runs.length > 0) {
      await writeResult(out, result);
      console.log(`\nWrote ${out}${result.meta.interrupted ? ' (interrupted: finished runs only)' : ''}`);
    }
    return result.meta.interrupted ? 130 : 0;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

const code = await main();
process.exitCode = code;
setTimeout(() => {
  console.error(`Still open after ${EXIT_GRACE_MS} ms: ${process.getActiveResourcesInfo().join(', ')}`);
  process.exit(code || 1);
}, EXIT_GRACE_MS).unref();
