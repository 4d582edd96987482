// The three engines the browser tests run in, and how each one is started on these machines:
// Chromium through the Chrome DevTools Protocol, Firefox ESR through Puppeteer's WebDriver BiDi, and
// WebKitGTK's MiniBrowser through WebKitWebDriver, which this module starts under xvfb-run (MiniBrowser
// has no headless mode) and stops again, also when the run is interrupted.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromeLauncher } from '@web/test-runner-chrome';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((file) => fs.existsSync(file)) ?? null;
const existing = (file) => (file && fs.existsSync(file) ? file : null);

/** WebKitGTK's MiniBrowser, looked for when asked (the tests may have just installed it). */
const miniBrowser = () =>
  existing(
    process.env.MINIBROWSER_PATH ??
      ['x86_64-linux-gnu', 'aarch64-linux-gnu']
        .map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`)
        .find((file) => fs.existsSync(file)),
  );

/** Every engine: its name in reports, the key `TEST_ENGINES` selects it by, what it needs, and Debian's packages for it. */
export const ENGINES = [
  {
    key: 'chromium',
    name: 'Chromium',
    needs: () => [['Chromium (or CHROME_PATH)', chromiumPath()]],
    packages: ['chromium'],
  },
  {
    key: 'firefox',
    name: 'Firefox',
    needs: () => [['Firefox ESR (or FIREFOX_PATH)', existing(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr')]],
    packages: ['firefox-esr'],
  },
  {
    key: 'webkit',
    name: 'WebKitGTK',
    needs: () => [
      ['WebKitWebDriver', onPath('WebKitWebDriver')],
      ['MiniBrowser', miniBrowser()],
      ['xvfb-run', onPath('xvfb-run')],
      ['xauth', onPath('xauth')],
    ],
    packages: ['webkit2gtk-driver', 'xvfb', 'xauth'],
  },
];

/**
 * The engines to run: all three, or those `TEST_ENGINES` names (comma-separated keys), for running one
 * file in one engine while working on it. An unknown key is an error, not a silent skip.
 */
export function selectedEngines(list = process.env.TEST_ENGINES) {
  if (!list) return ENGINES;
  const keys = list.split(',').map((key) => key.trim().toLowerCase());
  const unknown = keys.filter((key) => !ENGINES.some((engine) => engine.key === key));
  if (unknown.length) throw new Error(`TEST_ENGINES: unknown ${unknown.join(', ')} (known: chromium, firefox, webkit)`);
  return ENGINES.filter((engine) => keys.includes(engine.key));
}

/** The selected engines this machine lacks something of. */
const lacking = (engines) => engines.filter((engine) => engine.needs().some(([, file]) => !file));

/** What each selected engine lacks on this machine, as lines to print; empty when nothing is missing. */
export function missingEngines(engines = selectedEngines()) {
  return lacking(engines).map((engine) => {
    const what = engine.needs().filter(([, file]) => !file);
    return `${engine.name}: no ${what.map(([name]) => name).join(', ')}. Install with:  apt-get install -y ${engine.packages.join(' ')}`;
  });
}

/** Runs apt-get with `args`, its output hidden but its errors shown; true when it succeeded (false without apt-get). */
const aptGet = (args) =>
  spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;

/**
 * Gives this machine every engine in `engines` it lacks: as root (a fresh Debian machine, CI), it
 * installs Debian's packages for them, saying so in one line first; elsewhere, or
 * if that fails, it names what is missing and the one command to run. True when nothing is missing.
 */
export function provideEngines(
  engines = selectedEngines(),
  { root = process.getuid?.() === 0, apt = aptGet, log = console.log, error = console.error } = {},
) {
  const packages = lacking(engines).flatMap((engine) => engine.packages);
  if (!packages.length) return true;
  if (root && apt) {
    log(`Installing Debian's packages for the browser tests: ${packages.join(' ')}`);
    if (apt(['update', '-qq'])) apt(['install', '-y', '-qq', ...packages]);
  }
  const missing = missingEngines(engines);
  if (!missing.length) return true;
  error('The browser tests run in Chromium, Firefox ESR and WebKitGTK, and this machine lacks:');
  for (const line of missing) error(`  ${line}`);
  error(`Run  apt-get install -y ${packages.join(' ')}  (as root), then the tests again.`);
  return false;
}

/**
 * What this process ends when it exits, however it exits (the run finished, a test failed, Ctrl+C,
 * SIGTERM): each browser's process group, then the run's folder (profiles, homes, downloads), once
 * nothing writes into it any more. Every step runs synchronously, as 'exit' handlers must, and none
 * throws: an exception here would leave the rest running.
 */
const atExit = [];
process.on('exit', () => {
  for (const end of atExit) {
    try {
      end();
    } catch {
      // the next one still runs
    }
  }
});

/** The process groups of every process whose command line names `folder` (a browser's profile in it). */
function groupsUsing(folder) {
  const groups = new Set();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(folder)) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      groups.add(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]));
    } catch {
      // ended while looking
    }
  }
  groups.delete(process.pid);
  return [...groups];
}

/**
 * A folder for this run's browser profiles, homes and downloads. At exit, every browser still
 * running from it is ended (Puppeteer only begins to close its browsers on SIGTERM, and cannot end
 * one it is still starting), then the folder is removed.
 */
function runFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bulkhead-lab-browsers-'));
  atExit.push(() => {
    const groups = groupsUsing(folder);
    for (const group of groups) process.kill(-group, 'SIGKILL');
    waitUntil(() => !groups.some(groupAlive), 3000);
  });
  atExit.push(() => fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 }));
  return folder;
}

/**
 * Environment variables that give a browser a home folder of its own inside the run's folder, so
 * its caches, settings and recent-files list neither come from the user's home nor stay there, and
 * (where the browser takes the desktop's download folder, as MiniBrowser does) downloads land in
 * `downloads`.
 */
function homeIn(folder, name, downloads) {
  const home = path.join(folder, name);
  fs.mkdirSync(path.join(home, '.config'), { recursive: true });
  fs.writeFileSync(path.join(home, '.config', 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR=${JSON.stringify(downloads)}\n`);
  return {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
  };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Waits, blocking, for up to `ms` until `done()` holds: usable in an 'exit' handler, where nothing async runs. */
function waitUntil(done, ms) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + ms; !done() && Date.now() < until;) Atomics.wait(pause, 0, 0, 20);
  return done();
}

/** Whether a live (not zombie) process is left in process group `group`. */
function groupAlive(group) {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === group && state !== 'Z') return true;
    } catch {
      // ended while looking
    }
  }
  return false;
}

/**
 * Starts WebKitWebDriver on a free loopback port under xvfb-run, in a process group of its own, and
 * resolves once it answers. `end()` stops it and waits until the whole group (xvfb-run, Xvfb, the
 * driver, MiniBrowser and its helpers) is gone; it also runs when this process exits.
 */
async function startWebKitDriver(folder, env) {
  const port = await freePort();
  const log = path.join(folder, 'webkit-driver.log');
  const out = fs.openSync(log, 'w');
  const child = spawn(
    onPath('xvfb-run'),
    ['-a', '-f', path.join(folder, 'Xauthority'), onPath('WebKitWebDriver'), `--port=${port}`],
    { detached: true, stdio: ['ignore', out, out], env },
  );
  fs.closeSync(out);
  const group = child.pid;
  /** The driver's process id: a child of xvfb-run. */
  const driver = () => {
    try {
      return fs
        .readFileSync(`/proc/${group}/task/${group}/children`, 'utf8')
        .split(' ')
        .find((pid) => pid && fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('WebKitWebDriver'));
    } catch {
      return undefined;
    }
  };
  const end = () => {
    if (!groupAlive(group)) return;
    // The driver alone first, so that xvfb-run stops Xvfb and removes its files itself.
    const pid = driver();
    if (pid) process.kill(Number(pid), 'SIGTERM');
    if (!waitUntil(() => !groupAlive(group), 5000)) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    waitUntil(() => !groupAlive(group), 2000);
  };
  atExit.unshift(end);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver stopped at once:\n${fs.readFileSync(log, 'utf8')}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/status`, { signal: AbortSignal.timeout(1000) });
      if ((await answer.json()).value?.ready) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 20_000) {
      process.kill(-group, 'SIGKILL');
      throw new Error(`WebKitWebDriver did not answer within 20 s:\n${fs.readFileSync(log, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, end };
}

/** WebKitGTK's MiniBrowser, one test page at a time in one window (WebKitWebDriver drives one session). */
class WebKitLauncher extends WebdriverLauncher {
  #folder;
  #env;
  #driver;

  constructor(folder, downloads) {
    super({
      hostname: '127.0.0.1',
      port: 0, // set once the driver runs
      automationProtocol: 'webdriver',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': {
          binary: miniBrowser(),
          args: ['--automation'],
        },
      },
    });
    this.#folder = folder;
    // Painted by the CPU, not composited with GL: under Xvfb, GL is Mesa's software rasterizer, in
    // which WebKit's compositor thread once crashed mid-run, and the driver's session with it.
    this.#env = { ...homeIn(folder, 'webkit', downloads), WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
    this.concurrency = 1;
  }

  async initialize(config, testFiles) {
    this.#driver = await startWebKitDriver(this.#folder, this.#env);
    this.options.port = this.#driver.port;
    // One page at a time, navigated from test file to test file, rather than one iframe per file.
    await super.initialize({ ...config, concurrency: 1 }, testFiles);
    this.name = 'WebKitGTK';
  }

  async stop() {
    await super.stop();
    this.#driver?.end();
  }
}

/** The Web Test Runner launchers for the selected engines; throws, naming the packages, when one is missing. */
export function engineLaunchers(engines = selectedEngines()) {
  const missing = missingEngines(engines);
  if (missing.length) throw new Error(`Browsers for the tests are missing:\n  ${missing.join('\n  ')}`);
  const folder = runFolder();
  const downloads = path.join(folder, 'downloads');
  fs.mkdirSync(downloads);
  // A signal that only Puppeteer listens for would close its browser and leave the runner waiting:
  // exit instead, so that the 'exit' handlers end every browser. (Ctrl+C exits through Puppeteer's.)
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ])
    process.once(signal, () => {
      fs.writeSync(2, `\nThe test runner got ${signal}; it ends every browser and stops.\n`);
      process.exit(code);
    });

  const launchers = {
    chromium: () => {
      const launcher = chromeLauncher({
        launchOptions: {
          executablePath: chromiumPath(),
          headless: true,
          args: chromiumArgs,
          userDataDir: path.join(folder, 'chromium'),
        },
        // Each test page in a browser context (a window) of its own: tabs of one window take turns at
        // being drawn, so a page waiting for an animation frame stalls while another page is in front.
        createPage: async ({ browser }) =>
          (
            await browser.createBrowserContext({ downloadBehavior: { policy: 'allow', downloadPath: downloads } })
          ).newPage(),
      });
      launcher.name = 'Chromium';
      return launcher;
    },
    firefox: () => {
      const launcher = puppeteerLauncher({
        launchOptions: {
          browser: 'firefox',
          executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
          headless: true,
          userDataDir: path.join(folder, 'firefox'),
          env: homeIn(folder, 'firefox-home', downloads),
          // Downloads go to the run's folder without the download panel, which would take focus from
          // the page (a later requestFullscreen() is then denied).
          extraPrefsFirefox: {
            // A reader who prefers dark, where the other engines report light: the colour-scheme
            // tests then see both preferences.
            'layout.css.prefers-color-scheme.content-override': 0,
            'browser.download.alwaysOpenPanel': false,
            'browser.download.folderList': 2,
            'browser.download.dir': downloads,
            'browser.download.useDownloadDir': true,
          },
        },
        // One page at a time: Firefox runs no animation frames in a tab behind another, and a page
        // that is not in front has no focus, so focus events and :focus-within never happen in it.
        concurrency: 1,
      });
      launcher.name = 'Firefox';
      return launcher;
    },
    webkit: () => new WebKitLauncher(folder, downloads),
  };
  return engines.map((engine) => launchers[engine.key]());
}

/** The installed version of each selected engine, for the log (docs/EMBEDDING.md, "Supported browsers"). */
export function engineVersions(engines = selectedEngines()) {
  const first = (command, args) => spawnSync(command, args, { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim();
  const versions = {
    chromium: () => first(chromiumPath(), ['--version'])?.replace(/ built on .*/, ''),
    firefox: () => first(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', ['--version']),
    webkit: () => `WebKitGTK ${first('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0'])}`,
  };
  return engines.map((engine) => versions[engine.key]());
}
