// A Web Test Runner reporter: prints one plain closing line, "N passed, N failed, N skipped", and,
// when TEST_COUNTS_FILE names a file, writes the same counts there as JSON for scripts/test.mjs.
// A test file that failed to load counts as one failure.
import fs from 'node:fs';

function count(suite, totals) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped++;
    else if (test.passed) totals.passed++;
    else totals.failed++;
  }
  for (const child of suite.suites ?? []) count(child, totals);
}

export function summaryReporter({ countsFile = process.env.TEST_COUNTS_FILE } = {}) {
  let totals;
  return {
    onTestRunFinished({ sessions }) {
      totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        const before = totals.failed;
        if (session.testResults) count(session.testResults, totals);
        const loadFailed = !session.testResults || (session.errors?.length ?? 0) > 0;
        if (!session.passed && loadFailed && totals.failed === before) totals.failed++;
      }
    },
    stop() {
      const { passed, failed, skipped } = totals ?? { passed: 0, failed: 1, skipped: 0 };
      if (countsFile) fs.writeFileSync(countsFile, `${JSON.stringify({ passed, failed, skipped })}\n`);
      console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    },
  };
}
