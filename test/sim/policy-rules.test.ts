// A policy is its rules. The library's table is frozen; a test builds its own table with the same
// factory, holding a copy of each built-in policy under a name of its own, and the engine, given only
// a copy's rules, runs exactly as with the policy's own. And no module of the model or the elements
// goes by a policy's name: only the two tables name policies.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { POLICIES, POLICY_RULES, policyTable, type Policy } from '../../src/sim/config.js';
import { simulate } from '../../src/sim/index.js';
import { simulateValid } from '../../src/sim/simulate.js';
import { POLICY_WORDS } from '../../src/elements/labels.js';
import { configs, retryConfigs } from './arbitraries.js';

const RUNS = { numRuns: 300 };

/** A table of this test's own: each built-in policy's copy, under a name that starts like none of them. */
const copies = policyTable(
  Object.fromEntries(POLICIES.map((policy) => [`copy of ${policy}`, POLICY_RULES[policy]])) as Record<
    string,
    (typeof POLICY_RULES)[Policy]
  >,
);

describe('policy tables', () => {
  it('are frozen: the library exports its table for reading, and nothing can add to it or change it', () => {
    expect(Object.isFrozen(POLICY_RULES) && Object.isFrozen(POLICIES) && Object.isFrozen(POLICY_WORDS)).to.equal(true);
    for (const policy of POLICIES) expect(Object.isFrozen(POLICY_RULES[policy]), policy).to.equal(true);
    expect(() => (POLICIES as Policy[]).push('borrowing')).to.throw(TypeError);
    expect(() => ((POLICY_RULES as Record<string, unknown>).extra = {})).to.throw(TypeError);
    expect(POLICIES).to.deep.equal(['shared-fifo', 'shared-round-robin', 'strict-partitions', 'borrowing']);
  });

  it('are made by one factory: in the order given, copied, and frozen', () => {
    expect(copies.names).to.deep.equal(POLICIES.map((policy) => `copy of ${policy}`));
    expect(Object.isFrozen(copies.rules) && Object.isFrozen(copies.names)).to.equal(true);
    expect(copies.rules['copy of borrowing']).to.deep.equal({ partitioned: true, lends: true, roundRobin: false });
    expect(copies.rules['copy of borrowing']).to.not.equal(POLICY_RULES.borrowing);
  });

  it("run a copy of each policy exactly as that policy: the engine reads a policy's rules, never its name", () => {
    fc.assert(
      fc.property(fc.oneof(configs, retryConfigs), (config) => {
        const run = simulate(config);
        const copy = simulateValid(run.config, copies.rules[`copy of ${config.policy}`]);
        expect(copy.requests).to.deep.equal(run.requests);
      }),
      RUNS,
    );
  });
});
