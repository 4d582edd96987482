// `npm run experiment`: runs the experiment, prints a table per run, writes the JSON file.
// Ctrl-C or SIGTERM once stops the current run, closes everything and still writes the finished
// runs; a second one exits at once. The same happens when the process that started this one
// (`npm run experiment`) ends.
import { artilleryText } from './artillery.js';
import { runExperiment } from './experiment.js';
import { fromLabMain } from './from-lab.js';
import { watchLaunchers } from './launcher.js';
import { HELP, parseCli } from './options.js';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  checkWritable,
  defaultOutPath,
  formatProgress,
  formatRunTable,
  formatStartCheck,
  formatSummary,
  whyNotWritten,
  writeResult,
} from './report.js';
import type { MeasuredRunFile } from './types.js';

/** If something still holds the process open this long after the end, say what and exit. */
const EXIT_GRACE_MS = 5_000;
const SECOND_SIGNAL_AFTER_MS = 500;
/** Exit codes as a shell gives them for a process ended by the signal: 128 + its number. */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, 'launcher-gone': 129 };

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.some((arg) => arg === '--from-lab' || arg.startsWith('--from-lab='))) return fromLabMain(argv);
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
  if (choice.exportArtillery) {
    const { file, target } = choice.exportArtillery;
    try {
      checkWritable(file);
      await writeFile(file, artilleryText(options, target));
    } catch (error) {
      console.error(`--export-artillery ${file}: cannot write there: ${whyNotWritten(error)}`);
      return 2;
    }
    console.log(
      `Wrote ${file}: ${options.ratePerSecond}/s to each of ${target}/a and /b. Run it with: npx artillery run ${file}`,
    );
    return 0;
  }
  const out = choice.out ?? defaultOutPath(new Date());
  try {
    checkWritable(out);
  } catch (error) {
    console.error(`--out ${out}: cannot write there: ${(error as Error).message}`);
    return 2;
  }

  const stop = new AbortController();
  let firstSignalAt = 0;
  const onStop = (why: string): void => {
    // tsx relays the terminal's SIGINT to this process as well, so one Ctrl-C can arrive twice
    // within a few ms; only a later one means "exit at once".
    if (stop.signal.aborted) {
      if (Date.now() - firstSignalAt > SECOND_SIGNAL_AFTER_MS) process.exit(SIGNAL_EXIT[why] ?? 1);
      return;
    }
    firstSignalAt = Date.now();
    const what = why === 'launcher-gone' ? 'the process that started this one has ended' : why;
    console.error(`\nStopping (${what}): closing servers and sockets (again to exit at once)…`);
    stop.abort(new Error(why));
  };
  const onSigint = (): void => onStop('SIGINT');
  const onSigterm = (): void => onStop('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  const launchers = watchLaunchers(() => onStop('launcher-gone'));
  // With its launcher gone, nobody may read the output: a closed pipe must not end the run unwritten.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  try {
    console.error(
      `Runs: ${options.runs.join(', ')}${options.repeat > 1 ? `, ${options.repeat} times each, interleaved` : ''}; ` +
        `${options.ratePerSecond}/s per endpoint, ${options.leadMs / 1000} s lead and ${options.durationMs / 1000} s ` +
        `after the fault each (process ${process.pid}).`,
    );
    let shownSecond = -Infinity;
    const result = await runExperiment(options, {
      signal: stop.signal,
      onStart: (check) => {
        const warning = formatStartCheck(check);
        if (warning) console.error(`\n${warning}\n`);
      },
      onProgress: (progress) => {
        // One line a second at most, whatever the window.
        const second = Math.floor(progress.load.tMs / 1000);
        if (second === shownSecond) return;
        shownSecond = second;
        console.error(formatProgress(progress, options.durationMs, options.repeat));
      },
      onRunDone: (run) => {
        shownSecond = -Infinity;
        console.log(`\n${formatRunTable(run)}`);
      },
    });
    if (result.runs.length > 0) console.log(`\n${formatSummary(result.runs)}`);
    if (result.runs.length > 0 && !(await keep(result, out))) return 1;
    return result.meta.interrupted ? (SIGNAL_EXIT[result.meta.stoppedBy ?? ''] ?? 1) : 0;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
    launchers.stop();
  }
}

/**
 * Writes the result to `out`; should that fail after all (the disk filled, the folder went), to the
 * results folder or the system's temporary folder instead, so minutes of measuring are not lost.
 */
async function keep(result: MeasuredRunFile, out: string): Promise<boolean> {
  const note = result.meta.interrupted ? ' (interrupted: finished runs only)' : '';
  try {
    await writeResult(out, result);
    console.log(`\nWrote ${out}${note}`);
    return true;
  } catch (error) {
    const fallbacks = [defaultOutPath(new Date()), path.join(os.tmpdir(), path.basename(defaultOutPath(new Date())))];
    for (const fallback of fallbacks.filter((file) => path.resolve(file) !== path.resolve(out))) {
      try {
        await writeResult(fallback, result);
        console.error(`\nCould not write ${out}: ${whyNotWritten(error)}; kept the result in ${fallback}${note}`);
        return false;
      } catch {
        // try the next place
      }
    }
    console.error(`\nCould not write ${out} (${whyNotWritten(error)}) nor any other place; the result follows.`);
    console.log(JSON.stringify(result));
    return false;
  }
}

const code = await main();
process.exitCode = code;
setTimeout(() => {
  console.error(`Still open after ${EXIT_GRACE_MS} ms: ${process.getActiveResourcesInfo().join(', ')}`);
  process.exit(code || 1);
}, EXIT_GRACE_MS).unref();
