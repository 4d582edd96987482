// A Web Test Runner reporter: prints one line of counts per engine ("Firefox: N passed, N failed"),
// then one plain closing line for them all, "N passed, N failed, N skipped". When TEST_COUNTS_FILE
// names a file, it writes the same counts there as JSON instead, for scripts/test.mjs to print with
// the rest. A test file that failed to load counts as one failure, and so does an engine that ran
// no test.
import fs from 'node:fs';

const zero = () => ({ passed: 0, failed: 0, skipped: 0 });
const line = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

function count(suite, totals) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped++;
    else if (test.passed) totals.passed++;
    else totals.failed++;
  }
  for (const child of suite.suites ?? []) count(child, totals);
}

export function summaryReporter({ countsFile = process.env.TEST_COUNTS_FILE } = {}) {
  let names = [];
  let engines;
  return {
    start({ browsers }) {
      names = browsers.map((browser) => browser.name);
    },
    onTestRunFinished({ sessions }) {
      engines = Object.fromEntries(names.map((name) => [name, zero()]));
      for (const session of sessions) {
        const totals = (engines[session.browser.name] ??= zero());
        const before = totals.failed;
        if (session.testResults) count(session.testResults, totals);
        const loadFailed = !session.testResults || (session.errors?.length ?? 0) > 0;
        if (!session.passed && loadFailed && totals.failed === before) totals.failed++;
      }
      for (const totals of Object.values(engines)) if (totals.passed + totals.failed === 0) totals.failed++;
    },
    stop() {
      engines ??= { 'browser tests': { ...zero(), failed: 1 } };
      const all = zero();
      for (const totals of Object.values(engines)) for (const key of Object.keys(all)) all[key] += totals[key];
      if (countsFile) {
        fs.writeFileSync(countsFile, `${JSON.stringify({ ...all, engines })}\n`);
        return;
      }
      console.log('');
      for (const [name, totals] of Object.entries(engines)) console.log(`${name}: ${line(totals)}`);
      console.log(line(all));
    },
  };
}
