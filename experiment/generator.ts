// Runs the load generator on its own worker thread (the default) or inline on the caller's loop.
import { Worker } from 'node:worker_threads';
import type { GeneratorThread } from './types.js';
import { runLoad, type LoadHooks, type LoadPlan, type LoadProgress, type LoadRun } from './load.js';

export type GeneratorCommand = { type: 'start'; plan: LoadPlan } | { type: 'stop' };
export type GeneratorMessage =
  | { type: 'ready' }
  | { type: 'progress'; progress: LoadProgress }
  | { type: 'done'; run: LoadRun }
  | { type: 'failed'; message: string };

export interface Generator {
  run(plan: LoadPlan, hooks?: LoadHooks): Promise<LoadRun>;
  /** Ends the worker, if there is one. */
  close: () => Promise<void>;
}

/** Resolves once the generator can start at once, so the caller can pick a start time. */
export async function openGenerator(thread: GeneratorThread): Promise<Generator> {
  if (thread === 'inline') return { run: runLoad, close: () => Promise.resolve() };
  const worker = startWorker();
  // listen() reports errors during a handshake or a run; this keeps one between them from
  // becoming an uncaught exception (the 'exit' that follows is reported by the next listen()).
  worker.on('error', () => undefined);
  await listen(worker, (message, settle) => {
    if (message.type === 'ready') settle();
    else settle(new Error(`unexpected first message from the load worker: ${message.type}`));
  });

  return {
    run: async (plan, hooks = {}) => {
      hooks.signal?.throwIfAborted();
      const onAbort = (): void => worker.postMessage({ type: 'stop' } satisfies GeneratorCommand);
      hooks.signal?.addEventListener('abort', onAbort, { once: true });
      let run: LoadRun | undefined;
      try {
        const done = listen(worker, (message, settle) => {
          if (message.type === 'progress') hooks.onProgress?.(message.progress);
          else if (message.type === 'done') {
            run = message.run;
            settle();
          } else if (message.type === 'failed') {
            settle(
              hooks.signal?.aborted ? hooks.signal.reason : new Error(`load generator failed: ${message.message}`),
            );
          }
        });
        worker.postMessage({ type: 'start', plan } satisfies GeneratorCommand);
        await done;
      } finally {
        hooks.signal?.removeEventListener('abort', onAbort);
      }
      return run!;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

/**
 * Feeds the worker's messages to `onMessage` until it calls `settle`; also settles on a worker error
 * or exit. Removes only its own listeners: Worker keeps internal ones that must stay.
 */
function listen(
  worker: Worker,
  onMessage: (message: GeneratorMessage, settle: (error?: unknown) => void) => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: unknown): void => {
      worker.off('message', message);
      worker.off('error', settle);
      worker.off('exit', exit);
      if (error === undefined) resolve();
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the worker's error or the abort reason, as given
      else reject(error);
    };
    const message = (data: GeneratorMessage): void => onMessage(data, settle);
    const exit = (code: number): void => settle(new Error(`the load worker exited (${code}) unexpectedly`));
    worker.on('message', message);
    worker.on('error', settle);
    worker.on('exit', exit);
  });
}

function startWorker(): Worker {
  const entry = new URL(import.meta.url.endsWith('.ts') ? './load-worker.ts' : './load-worker.js', import.meta.url);
  if (entry.pathname.endsWith('.js')) return new Worker(entry);
  // A worker does not inherit tsx's loader on Node 20, so the worker registers it before importing
  // the TypeScript entry.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(source, { eval: true });
}
