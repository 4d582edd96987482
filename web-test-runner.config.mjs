import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';

// Files a test downloads (Export notes) land in a folder of this run's own, removed when it ends,
// never in the user's Downloads.
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-lab-downloads-'));
process.on('exit', () => fs.rmSync(downloads, { recursive: true, force: true }));

export default {
  files: ['test/**/*.test.ts', '!test/node/**'],
  // Lit's production build, as the bundles use: the development build warns "Lit is in dev mode" in
  // every test page, and its extra checks are not what ships.
  nodeResolve: { exportConditions: ['production'] },
  rootDir: '.',
  staticLogging: Boolean(process.env.CI),
  concurrency: 2,
  testFramework: { config: { timeout: 20000 } },
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
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs },
      // Each test page in a browser context (a window) of its own: tabs of one window take turns at
      // being drawn, so a page waiting for an animation frame stalls while another page is in front.
      createPage: async ({ browser }) =>
        (
          await browser.createBrowserContext({ downloadBehavior: { policy: 'allow', downloadPath: downloads } })
        ).newPage(),
    }),
  ],
  reporters: [defaultReporter(), summaryReporter()],
};
