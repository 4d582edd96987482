// A node:test reporter that writes one JSON object, { passed, failed, skipped }, to its destination
// (`--test-reporter=./scripts/count-reporter.mjs --test-reporter-destination=<file>`), so
// scripts/test.mjs reads the counts from the runner's own events instead of from printed text.
// Counted: every test and subtest, not suites (their tests are counted); a file that fails to load
// is reported by the runner as one failed test, and counts as one.
export default async function* countReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip !== undefined || event.data.todo !== undefined) counts.skipped++;
    else if (event.type === 'test:pass') counts.passed++;
    else counts.failed++;
  }
  yield `${JSON.stringify(counts)}\n`;
}
