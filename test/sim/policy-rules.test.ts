// A policy is its rules: one registered under a name of its own with a built-in policy's rules runs,
// explains and reads exactly as that policy does, so no part of the model goes by a policy's name.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { POLICIES, POLICY_RULES, registerPolicyRules, type Policy } from '../../src/sim/config.js';
import { explain, hasNoSlots, isolation, isPartitioned, simulate, slotsAt } from '../../src/sim/index.js';
import { configs, retryConfigs } from './arbitraries.js';

const RUNS = { numRuns: 300 };

/** Each built-in policy's copy: its rules under a name that starts like none of the built-in ones. */
const copies = new Map(
  [...POLICIES].map((policy) => [policy, registerPolicyRules(`copy of ${policy}`, POLICY_RULES[policy])]),
);

describe('policy rules', () => {
  it('lists a registered policy after the built-in ones, and refuses a name already taken', () => {
    expect(POLICIES.slice(-copies.size)).to.deep.equal([...copies.values()]);
    expect(() => registerPolicyRules('borrowing', POLICY_RULES['shared-fifo'])).to.throw(RangeError);
    expect(POLICY_RULES.borrowing).to.deep.equal({ partitioned: true, lends: true, roundRobin: false });
  });

  it('runs a copy of each policy exactly as that policy: records, slot homes, explanations, isolation', () => {
    fc.assert(
      fc.property(fc.oneof(configs, retryConfigs), (config) => {
        const copy: Policy = copies.get(config.policy)!;
        const run = simulate(config);
        const same = simulate({ ...config, policy: copy });
        expect(same.requests).to.deep.equal(run.requests);
        expect(isPartitioned(same.config)).to.equal(isPartitioned(run.config));
        for (let tick = 0; tick <= config.horizon; tick++)
          expect(slotsAt(same, tick)).to.deep.equal(slotsAt(run, tick));
        for (const tenant of ['A', 'B'] as const)
          expect(hasNoSlots(same.config, tenant)).to.equal(hasNoSlots(run.config, tenant));
        expect(isolation(same)).to.deep.equal(isolation(run));
        for (const { id } of run.requests) expect(explain(same, id)).to.deep.equal(explain(run, id));
      }),
      RUNS,
    );
  });
});
