// Notices when the processes that started this one are gone. `npm run experiment` starts npm, which
// starts tsx, which starts this process; npm does not pass its own SIGTERM on, so without this the
// experiment would run on, with no parent, after the npm process was terminated.
import { readFileSync } from 'node:fs';

/** Parent pid and command line of a process, from /proc (Linux); null where there is none. */
function procInfo(pid: number): { ppid: number; command: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return Number.isInteger(ppid) ? { ppid, command } : null;
  } catch {
    return null;
  }
}

/** Up to this many processes above this one are watched, when started by npm. */
const MAX_DEPTH = 4;

const isNpm = (command: string): boolean => /(^|[/\s])npm(-cli\.js)?(\s|$)/.test(command);

/**
 * The chain of processes that launched this one, each with the parent it had at the start: this
 * process and, when npm started it (npm sets npm_lifecycle_event), every process between it and
 * the npm process. A process whose parent changed has lost that parent, so the end of npm shows
 * as its child's new parent; npm's own parent is not watched (`nohup npm run …` may outlive its
 * shell). Elsewhere than on Linux, only this process's own parent is known.
 */
export function launcherChain(env: NodeJS.ProcessEnv = process.env): { pid: number; parent: number }[] {
  const chain = [{ pid: process.pid, parent: process.ppid }];
  if (env.npm_lifecycle_event === undefined) return chain;
  let pid = process.ppid;
  for (let depth = 0; depth < MAX_DEPTH && pid > 1; depth++) {
    const info = procInfo(pid);
    if (!info || isNpm(info.command) || info.ppid <= 1) break;
    chain.push({ pid, parent: info.ppid });
    pid = info.ppid;
  }
  return chain;
}

/**
 * Calls `onGone` once when a process of the chain loses its parent (its parent ended, by any
 * signal, even SIGKILL), checking every `everyMs`. The timer does not keep the process alive.
 */
export function watchLaunchers(onGone: () => void, everyMs = 250): { stop(): void } {
  const chain = launcherChain();
  const timer = setInterval(() => {
    const lost = chain.some(({ pid, parent }) =>
      pid === process.pid ? process.ppid !== parent : (procInfo(pid)?.ppid ?? -1) !== parent,
    );
    if (lost) {
      clearInterval(timer);
      onGone();
    }
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
