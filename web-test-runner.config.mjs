import fs from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { engineLaunchers } from './scripts/engines.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';

// A browser driver's promise that fails outside any test (such as a protocol call nobody awaits,
// which Puppeteer rejects after 180 s) would end the whole run: Node raises an unhandled rejection as
// an uncaught exception, and the runner stops at once, before any report, while its console holds
// the message back. Say so on stderr and go on; a test whose own command fails still fails.
process.on('unhandledRejection', (reason) => {
  fs.writeSync(
    2,
    `\nA browser driver's command failed outside any test; the run goes on:\n${reason?.stack ?? reason}\n`,
  );
});
process.prependListener('uncaughtException', (error) => {
  fs.writeSync(2, `\nThe test runner stops on an uncaught exception:\n${error?.stack ?? error}\n`);
  // Before the runner listens too (while it starts), a listener would keep the process alive.
  if (process.listenerCount('uncaughtException') === 1) process.exit(1);
});

export default {
  files: ['test/**/*.test.ts', '!test/node/**'],
  // Lit's production build, as the bundles use: the development build warns "Lit is in dev mode" in
  // every test page, and its extra checks are not what ships.
  nodeResolve: { exportConditions: ['production'] },
  rootDir: '.',
  staticLogging: Boolean(process.env.CI),
  concurrency: 2,
  // Three engines share the machine: a test that takes seconds alone (the first axe check in a page
  // takes 8 s even in Chromium) can take three times as long beside the other two.
  testFramework: { config: { timeout: 60000 } },
  testsFinishTimeout: 300000,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' })],
  // Test-only answers for <measured-run>'s tests, which the static files can't give:
  // /__test/never-answers holds the request open until the browser gives up on it;
  // /__test/answers-late?ms=N answers a JSON object that is not a result file after N ms.
  middleware: [
    async function testAnswers(context, next) {
      if (context.path === '/__test/never-answers') {
        await new Promise((resolve) => context.req.once('close', resolve));
        context.status = 204; // nobody reads it; keeps the request out of the 404 list
        return;
      }
      if (context.path === '/__test/answers-late') {
        await new Promise((resolve) => setTimeout(resolve, Number(context.query.ms) || 0));
        context.type = 'json';
        context.body = JSON.stringify({ schema: 'a late answer' });
        return;
      }
      return next();
    },
  ],
  // Chromium, Firefox ESR and WebKitGTK (scripts/engines.mjs), or those TEST_ENGINES names. Files a
  // test downloads (Export notes) land in a folder of this run's own, never in the user's Downloads.
  browsers: engineLaunchers(),
  concurrentBrowsers: 3,
  reporters: [defaultReporter(), summaryReporter()],
};
