// Worker-thread entry of the load generator, so its clock runs on an event loop of its own.
import { parentPort } from 'node:worker_threads';
import { runLoad, type LoadPlan } from './load.js';
import type { GeneratorMessage, GeneratorCommand } from './generator.js';

const port = parentPort;
if (!port) throw new Error('load-worker.ts must run in a worker thread');
const post = (message: GeneratorMessage): void => port.postMessage(message);

const stop = new AbortController();
port.on('message', (command: GeneratorCommand) => {
  if (command.type === 'stop') stop.abort(new Error('stopped'));
  else void start(command.plan);
});
post({ type: 'ready' });

async function start(plan: LoadPlan): Promise<void> {
  try {
    const run = await runLoad(plan, {
      signal: stop.signal,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    post({ type: 'done', run });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
