// Where the time goes on a phone-class device: CPU profiles (CDP `Profiler`) in headless Chromium
// with the CPU throttled as in phone-bench.mjs, against the built files over loopback, of the
// one-lab article while it loads, and of a change of policy in it, at first and once the page has
// been read to its end. Saves each as a .cpuprofile (DevTools opens it in its Performance panel)
// and prints the functions with the most self time, named and placed in src/ or node_modules
// through the bundle's source maps.
// `npm run bench:profile [-- DIR]` (default /tmp/bench-profiles; keep profiles out of the repo).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { serveStatic } from '../test/node/static-server.ts';
import { articlePage, openPage } from './page-bench.mjs';
import { CONTROLS, RATE, reach, readThrough, settle } from './phone-bench.mjs';

/** Functions listed per profile, and source files. */
const TOP = 15;
const FILES = 8;
/** Microseconds between samples. */
const INTERVAL = 100;
/** How long a profile runs after the load or the input, in ms: the lab draws what is in view in that time. */
const WAIT = 2_000 * RATE;

const keyOf = ({ functionName, url, lineNumber, columnNumber }) =>
  `${functionName}\n${url}\n${lineNumber}\n${columnNumber}`;

/**
 * Self time in ms per function of a CPU profile (each sample counts until the next one), with the
 * function that called it for the most of that time: what calls a native function tells more than
 * its name.
 */
function selfTimes(profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byNode.get(id);
    const key = keyOf(node.callFrame);
    const entry = self.get(key) ?? { ...node.callFrame, ms: 0, callers: new Map() };
    entry.ms += ms;
    const caller = parent.get(id)?.callFrame;
    if (caller) entry.callers.set(keyOf(caller), { ...caller, ms: (entry.callers.get(keyOf(caller))?.ms ?? 0) + ms });
    self.set(key, entry);
  });
  return [...self.values()].map(({ callers, ...fn }) => ({
    ...fn,
    caller: [...callers.values()].sort((a, b) => b.ms - a.ms)[0] ?? null,
  }));
}

/**
 * Names and places each function through the source map of the built file it runs from
 * (dist/*.js.map, chained by the build back to src/ and Lit's sources); other code keeps the
 * name and place the profile gives it.
 */
async function locate(functions, origin) {
  const maps = new Map();
  const mapFor = async (url) => {
    const file = url.startsWith(`${origin}/`) ? `${url.slice(origin.length + 1)}.map` : null;
    if (!file || !fs.existsSync(file)) return null;
    if (!maps.has(file)) maps.set(file, await new SourceMapConsumer(fs.readFileSync(file, 'utf8')));
    return maps.get(file);
  };
  const place = async (frame) => {
    const built = frame.url ? `${frame.url.replace(origin, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
    const at = frame.url
      ? (await mapFor(frame.url))?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
      : null;
    if (!at?.source)
      return { name: frame.functionName || '(anonymous)', file: frame.url || '(native or engine)', where: built };
    const file = at.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
    return { name: at.name ?? (frame.functionName || '(anonymous)'), file, where: `${file}:${at.line} (${built})` };
  };
  const located = [];
  for (const fn of functions)
    located.push({ ...fn, ...(await place(fn)), caller: fn.caller && (await place(fn.caller)) });
  for (const map of maps.values()) map.destroy?.();
  return located;
}

/** The functions with the most self time, and the source files with the most, as text. */
export async function summarise(profile, origin) {
  const functions = await locate(selfTimes(profile), origin);
  const total = functions.reduce((sum, fn) => sum + fn.ms, 0);
  const idle = functions.filter((fn) => fn.functionName === '(idle)').reduce((sum, fn) => sum + fn.ms, 0);
  const busy = functions.filter((fn) => fn.functionName !== '(idle)').sort((a, b) => b.ms - a.ms);
  const library = busy.filter((fn) => fn.url.startsWith(`${origin}/dist/`)).reduce((sum, fn) => sum + fn.ms, 0);
  const files = new Map();
  for (const fn of busy) files.set(fn.file, (files.get(fn.file) ?? 0) + fn.ms);
  const ms = (n) => `${n.toFixed(1)} ms`;
  return [
    `${ms(total)} profiled, ${ms(idle)} idle; the library's files ${ms(library)} of self time`,
    'top self time:',
    ...busy
      .slice(0, TOP)
      .map(
        (fn) =>
          `  ${ms(fn.ms).padStart(9)}  ${fn.name}${fn.where ? `  ${fn.where}` : ''}${!fn.url && fn.caller?.name && fn.caller.name !== '(root)' ? `  called from ${fn.caller.name}  ${fn.caller.where}` : ''}`,
      ),
    'self time by source file:',
    ...[...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, FILES)
      .map(([file, time]) => `  ${ms(time).padStart(9)}  ${file}`),
  ].join('\n');
}

async function profiled(cdp, work) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: INTERVAL });
  await cdp.send('Profiler.start');
  await work();
  const { profile } = await cdp.send('Profiler.stop');
  return profile;
}

/** The one-lab article loading until quiet, and a change of policy in it once quiet, each profiled. */
export async function recordProfiles(dir) {
  const server = await serveStatic(process.cwd());
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const url = `${server.url}/bench/profile-one.html`;
  const profiles = {};
  try {
    const { page, cdp, errors } = await openPage(browser, url, { html: articlePage(1), throttle: RATE });
    // A page of the same origin first, so that the load stays in the renderer being profiled.
    await page.route(`${server.url}/bench/blank.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '' }),
    );
    await page.goto(`${server.url}/bench/blank.html`);
    // Waits from Node rather than in the page, so that the profile holds only the page's own work.
    const settled = () => page.waitForTimeout(WAIT);
    profiles.load = await profiled(cdp, async () => {
      await page.goto(url, { waitUntil: 'load' });
      await settled();
    });
    const [what, locator] = CONTROLS.policy(page.locator('bulkhead-lab').first());
    const select = await reach(page, what, locator);
    await select.focus();
    await settle(page); // and no work left from the load
    profiles['policy-change'] = await profiled(cdp, async () => {
      await page.keyboard.press('ArrowDown');
      await settled();
    });
    // The same change once the reader has read the whole lab: every section it draws when near is drawn.
    await readThrough(page);
    const again = await reach(page, what, locator);
    await again.focus();
    await settle(page);
    profiles['policy-change-read-through'] = await profiled(cdp, async () => {
      await page.keyboard.press('ArrowUp');
      await settled();
    });
    await page.close();
    if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
    fs.mkdirSync(dir, { recursive: true });
    console.log(`\nCPU profiles: Chromium ${browser.version()} headless, CPU ${RATE}× slower, one lab`);
    for (const [name, profile] of Object.entries(profiles)) {
      const file = path.join(dir, `${name}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`\n${name} (${file}):\n${await summarise(profile, server.url)}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return profiles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await recordProfiles(process.argv[2] ?? '/tmp/bench-profiles');
}
