/**
 * What an element that owns a scenario does for the page: it answers the request events dispatched
 * at it, plays, and announces what requests and playback change (`bulkhead-run`, `bulkhead-tick`),
 * never what a property or attribute set by the page changes. A source loads this with itself; a
 * view on its own fetches it on the first request it gets (see `view-controller.ts`).
 */
import { normalizeConfig } from '../sim/config.js';
import { isSpeed } from './clock.js';
import { REQUESTS, emit, type RequestName } from './events.js';
import { paintFirst } from './scheduler.js';
import { ownFields } from './own-fields.js';
import type { Scenario, ScenarioInput, ScenarioRequest } from './scenario.js';

export { Playback } from './playback.js';

/** The scenario request each request event asks for, or null for a malformed one (which is ignored). */
const REQUEST_OF: Record<RequestName, (detail: ScenarioInput) => ScenarioRequest | null> = {
  'bulkhead-seek-request': ({ tick }) =>
    typeof tick === 'number' && Number.isFinite(tick) ? { type: 'seek', tick } : null,
  'bulkhead-play-request': () => ({ type: 'play' }),
  'bulkhead-pause-request': () => ({ type: 'pause' }),
  'bulkhead-step-request': () => ({ type: 'step' }),
  'bulkhead-restart-request': () => ({ type: 'restart' }),
  'bulkhead-speed-request': ({ speed }) => (isSpeed(speed) ? { type: 'speed', speed } : null),
  'bulkhead-config-request': ({ changes }) => {
    const fields = ownFields(changes);
    return fields ? { type: 'configure', changes: fields } : null;
  },
};

/**
 * A configure request that also brings back into range, quietly, the inputs its changes push out of
 * it (fewer slots than A's reserved ones lower those): a valid edit never produces a notice. An
 * input that was wrong before, or is among the changes, is left as given.
 */
function keepingValid(scenario: Scenario, changes: ScenarioInput): ScenarioRequest {
  const wrongBefore = new Set(scenario.problems.map((p) => p.field));
  const adjusted: ScenarioInput = {};
  for (const p of normalizeConfig({ ...scenario.input, ...changes }).problems)
    if (!(p.field in changes) && !wrongBefore.has(p.field) && p.used !== undefined) adjusted[p.field] = p.used;
  return { type: 'configure', changes: { ...changes, ...adjusted }, adjusted };
}

/**
 * Answers one request event, given as its name and (a copy of) its detail. The scenario changes at
 * once; the elements draw the change after the browser has painted the input that asked for it.
 */
export function answer(scenario: Scenario, name: RequestName, detail: ScenarioInput): void {
  const request = REQUEST_OF[name](detail);
  if (!request) return;
  paintFirst(scenario);
  scenario.send(request.type === 'configure' ? keepingValid(scenario, request.changes) : request, 'request');
}

/** Makes `host` answer request events for `scenario` and announce what they change; returns how to stop. */
export function serve(host: HTMLElement, scenario: Scenario): () => void {
  const stopAnswering = answerRequests(host, () => scenario);
  const stopAnnouncing = announceChanges(host, scenario);
  return () => {
    stopAnswering();
    stopAnnouncing();
  };
}

/**
 * Makes `host` answer the request events dispatched at it, for the scenario `scenarioOf` gives (a
 * source makes its scenario on the first request, if nothing read it before); returns how to stop.
 */
export function answerRequests(host: HTMLElement, scenarioOf: () => Scenario): () => void {
  const handle = (event: Event) => {
    event.stopPropagation(); // a request is for the nearest source only
    answer(scenarioOf(), event.type as RequestName, ownFields((event as CustomEvent).detail) ?? {});
  };
  for (const name of REQUESTS) host.addEventListener(name, handle);
  return () => {
    for (const name of REQUESTS) host.removeEventListener(name, handle);
  };
}

/** Announces at `host` what requests and playback change in `scenario`, and pauses it in a hidden tab; returns how to stop. */
export function announceChanges(host: HTMLElement, scenario: Scenario): () => void {
  const unsubscribe = scenario.subscribe((change, origin) => {
    if (origin === 'page') return;
    if (change.run)
      emit(host, 'bulkhead-run', { config: scenario.config, run: scenario.run, problems: scenario.problems });
    if (change.tick) {
      emit(host, 'bulkhead-tick', {
        tick: scenario.tick,
        elapsed: scenario.elapsed,
        playing: scenario.playing,
        speed: scenario.speed,
      });
    }
  });
  const doc = host.ownerDocument;
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') scenario.send({ type: 'pause' }, 'playback');
  };
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    unsubscribe();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
