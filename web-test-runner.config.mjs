import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';

export default {
  files: ['test/**/*.test.ts', '!test/node/**'],
  nodeResolve: true,
  rootDir: '.',
  staticLogging: Boolean(process.env.CI),
  concurrency: 2,
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 300000,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' })],
  browsers: [chromeLauncher({ launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs } })],
  reporters: [defaultReporter(), summaryReporter()],
};
