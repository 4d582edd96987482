// Random valid configs for the model's property tests.
import fc from 'fast-check';
import { FAULTS, POLICIES, TIMEOUT_FROM, validateConfig, type LabConfig } from '../../src/sim/index.js';

export /**
 * Small but varied configs: every policy and fault, tight and generous capacities and timeouts,
 * counted from arrival (given or left out) or from start.
 */
const configs: fc.Arbitrary<LabConfig> = fc
  .record({
    policy: fc.constantFrom(...POLICIES),
    slots: fc.integer({ min: 1, max: 8 }),
    reservedRaw: fc.nat(7),
    aPerTick: fc.integer({ min: 0, max: 3 }),
    bEvery: fc.integer({ min: 1, max: 12 }),
    aHold: fc.integer({ min: 1, max: 12 }),
    bHold: fc.integer({ min: 1, max: 12 }),
    aFault: fc.constantFrom(...FAULTS),
    aTimeout: fc.integer({ min: 1, max: 20 }),
    bTimeout: fc.integer({ min: 1, max: 20 }),
    queueCap: fc.integer({ min: 0, max: 12 }),
    target: fc.integer({ min: 0, max: 100 }),
    horizon: fc.integer({ min: 0, max: 30 }),
    lastArrivalRaw: fc.nat(30),
    timeoutFrom: fc.constantFrom(undefined, ...TIMEOUT_FROM),
  })
  .map(({ reservedRaw, lastArrivalRaw, ...rest }) =>
    validateConfig({ ...rest, reservedA: reservedRaw % rest.slots, lastArrival: lastArrivalRaw % (rest.horizon + 1) }),
  );

/**
 * `configs` with retries and recovery: A may recover at any tick of the window or never, clients
 * retry 0–3 times after 1–6 ticks, within a budget of 0–150 % or none (wider than the elements
 * offer, as the API allows more).
 */
export const retryConfigs: fc.Arbitrary<LabConfig> = fc
  .tuple(
    configs,
    fc.option(fc.nat(30), { nil: null }),
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 1, max: 6 }),
    fc.option(fc.integer({ min: 0, max: 150 }), { nil: null }),
  )
  .map(([config, recoversRaw, retries, retryDelay, retryBudget]) =>
    validateConfig({
      ...config,
      aRecovers: recoversRaw === null ? null : recoversRaw % (config.horizon + 1),
      retries,
      retryDelay,
      retryBudget,
    }),
  );
