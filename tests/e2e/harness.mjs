// Shared helpers for the browser journeys in tests/e2e/.
//
// Each journey file starts one static server over the built `dist/`, one
// headless Debian Chromium (driven by playwright-core, which never downloads a
// browser of its own), and opens the app in a fresh browser context so that no
// state leaks from one journey to the next.
//
// Selectors are the stable hooks the app documents in tests/e2e/README.md:
// `[data-view="user/agent"]`, `[data-card-id]`, `[data-leak]`, `[data-card]`,
// `[data-rejected]`.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');

/** The folder served: the repository's `dist/`, or `MIXUA_DIST` when set. */
export const distDir = resolve(process.env.MIXUA_DIST ?? join(repoRoot, 'dist'));

/** Where `screenshot()` writes; the folder is git-ignored. */
export const screenshotDir = join(here, 'screenshots');

const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// Flags that make Debian's Chromium start cleanly as root on a machine whose
// only network is loopback: without the background-networking ones it keeps
// trying (and failing) to reach Google's hosts.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const mimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

async function fileAt(path) {
  try {
    const info = await stat(path);
    return info.isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * Serves `distDir` on 127.0.0.1 at a free port. Unknown paths without a file
 * extension fall back to `index.html`, as a static host set up for a
 * single-page app would; a missing asset (`/x.wasm`) is a plain 404 so that a
 * broken build fails loudly instead of loading HTML as wasm.
 *
 * Resolves to `{ url, port, close() }`; `url` ends with `/`.
 */
export async function startServer({ root = distDir } = {}) {
  const index = join(root, 'index.html');
  if (!(await fileAt(index))) {
    throw new Error(`no ${index}: build the app first (trunk build --release --offline)`);
  }
  const server = createServer(async (req, res) => {
    try {
      const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
      let relative;
      try {
        relative = normalize(decodeURIComponent(pathname));
      } catch {
        relative = null;
      }
      const candidate = relative === null ? null : join(root, relative);
      // Refuse anything that would escape the served folder.
      const inside = candidate !== null && (candidate === root || candidate.startsWith(root + sep));
      let file = inside ? await fileAt(candidate) : null;
      if (!file && inside && pathname.endsWith('/')) file = await fileAt(join(candidate, 'index.html'));
      if (!file && extname(pathname) === '') file = index;
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`not found: ${pathname}\n`);
        return;
      }
      res.writeHead(200, {
        'content-type': mimeTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(file).pipe(res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${error}\n`);
    }
  });
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolveListen);
  });
  const { port } = server.address();
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections?.();
        server.close(() => resolveClose());
      }),
  };
}

/** Starts headless Debian Chromium (never a downloaded browser). */
export async function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

const errorsByPage = new WeakMap();

/**
 * Uncaught page errors, console errors and failed loads (HTTP 4xx/5xx) seen so
 * far on a page opened by `openApp`: a journey can assert that this list is
 * empty.
 */
export function pageErrors(page) {
  return errorsByPage.get(page) ?? [];
}

/**
 * Opens the app in a new browser context (its own storage) and waits until
 * the app (not the prerendered first screen it replaces, see
 * prerender.test.mjs) has built every panel (`[data-ready]`, src/start/mod.rs). `query` is the URL
 * query string, with or without its leading `?` (e.g. `lang=en`), after the
 * name of another page of the site where it opens there (`teach.html?lang=en`).
 * Close it with `await page.context().close()`.
 */
export async function openApp(browser, server, query = '', { viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ viewport });
  return openPage(context, server, query);
}

/**
 * Opens the app in a new page of an existing browser context (so it shares
 * that context's localStorage, as a second tab or a reload would) and waits
 * for the grid. `query` is as for `openApp`; `hash` is the URL fragment,
 * with or without its `#` (a share link). A new page always loads the
 * document afresh, where `page.goto` to the same URL with another fragment
 * would only scroll.
 */
export async function openPage(context, server, query = '', hash = '') {
  const page = await context.newPage();
  const errors = [];
  errorsByPage.set(page, errors);
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed load is reported below with its address, which this lacks.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console.error: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    // Chromium asks for /favicon.ico on its own; a missing one is not the app's error.
    const { pathname } = new URL(response.url());
    if (response.status() >= 400 && pathname !== '/favicon.ico') {
      errors.push(`http ${response.status()}: ${response.url()}`);
    }
  });
  // Another page of the site (`teach.html`, `lesson3.html`) is named before
  // its query: `teach.html?lang=en`.
  const [, path = '', rest = query] = /^([\w-]+\.html)?(.*)$/.exec(query);
  const search = rest === '' ? '' : rest.startsWith('?') ? rest : `?${rest}`;
  const fragment = hash === '' ? '' : hash.startsWith('#') ? hash : `#${hash}`;
  await page.goto(`${server.url}${path}${search}${fragment}`);
  try {
    // The app builds into #app in steps (src/start/mod.rs): its first screen
    // replaces the prerendered one, then the panels below come one per
    // task; `data-ready` marks the last step (every panel is there).
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
  } catch (error) {
    const seen = errors.length ? `\npage errors:\n  ${errors.join('\n  ')}` : '';
    throw new Error(`the app never became ready (#app [data-ready]): ${error.message}${seen}`);
  }
  return page;
}

/** The `data-view` names of every cell in the grid, in document order. */
export async function viewNames(page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-view]'), (el) => el.getAttribute('data-view')),
  );
}

/**
 * The ordered `data-card-id` values inside the cell `[data-view=<viewer>]`,
 * e.g. `viewIds(page, 'alice/writer-v1')`. Matching is done on the attribute
 * value itself, so viewer names need no CSS escaping. Throws when there is no
 * such cell, so a renamed viewer can't pass as an empty view.
 */
export async function viewIds(page, viewer) {
  const ids = await page.evaluate((name) => {
    const cell = Array.from(document.querySelectorAll('[data-view]')).find(
      (el) => el.getAttribute('data-view') === name,
    );
    if (!cell) return null;
    return Array.from(cell.querySelectorAll('[data-card-id]'), (el) => el.getAttribute('data-card-id'));
  }, viewer);
  if (ids === null) throw new Error(`no [data-view="${viewer}"] cell on the page`);
  return ids;
}

/** `{ "alice/writer-v1": ["P", ...], ... }` for every cell in the grid. */
export async function allViews(page) {
  const views = {};
  for (const name of await viewNames(page)) views[name] = await viewIds(page, name);
  return views;
}

/**
 * Waits until `viewIds(page, viewer)` equals `expected` (edits re-render
 * asynchronously) and returns the last ids seen, so a journey can assert on
 * them and get a readable diff when they never match.
 */
export async function waitForViewIds(page, viewer, expected, { timeout = 5_000 } = {}) {
  try {
    await page.waitForFunction(
      ([name, want]) => {
        const cell = Array.from(document.querySelectorAll('[data-view]')).find((el) => el.getAttribute('data-view') === name);
        return cell && JSON.stringify(Array.from(cell.querySelectorAll('[data-card-id]'), (el) => el.getAttribute('data-card-id'))) === want;
      },
      [viewer, JSON.stringify(expected)],
      { timeout },
    );
  } catch (error) {
    if (!/Timeout/i.test(error.message)) throw error;
  }
  return viewIds(page, viewer);
}

const axePath = join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js');

/**
 * Runs axe-core on the current page and returns only the serious and critical
 * violations (an empty array means the page passes).
 */
export async function axeScan(page) {
  const hasAxe = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!hasAxe) await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(() => window.axe.run(document));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One readable line per violation and node, for an assertion message. */
export function formatViolations(violations) {
  return violations
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${v.help} at ${n.target.join(' ')}`))
    .join('\n');
}

/** Saves a full-page PNG as tests/e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page, name) {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Polls `allViews(page)` until it deep-equals `expected` (a `{ viewer: ids }`
 * map covering every cell) and returns the last views seen, so a journey can
 * `assert.deepEqual` on them and get a readable diff when they never match.
 */
export async function waitForViews(page, expected, { timeout = 5_000 } = {}) {
  try {
    await page.waitForFunction(
      (want) => {
        const views = {};
        for (const cell of document.querySelectorAll('[data-view]')) {
          views[cell.getAttribute('data-view')] = Array.from(cell.querySelectorAll('[data-card-id]'), (el) => el.getAttribute('data-card-id'));
        }
        const sorted = Object.fromEntries(Object.entries(views).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
        return JSON.stringify(sorted) === want;
      },
      JSON.stringify(sortKeys(expected)),
      { timeout },
    );
  } catch (error) {
    if (!/Timeout/i.test(error.message)) throw error;
  }
  return allViews(page);
}

function sortKeys(map) {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The editor row of card `id`: `tr[data-card="<id>"]`, as a locator. */
export function cardRow(page, id) {
  return page.locator(`tr[data-card="${id.replace(/["\\]/g, '\\$&')}"]`);
}

/**
 * Opens the top bar's "Work" menu (share, export, import, reset, fresh
 * start, Recent work) unless it is open already.
 */
export async function openWork(page) {
  const menu = page.locator('[data-menu="work"]');
  if (!(await menu.evaluate((d) => d.open))) await menu.locator(':scope > summary').click();
}

/**
 * Chooses one of the query's examples (`seed`, `injection`, `all`) from
 * its menu beside the query field.
 */
export async function clickPreset(page, which) {
  const menu = page.locator('[data-menu="presets"]');
  if (!(await menu.evaluate((d) => d.open))) await menu.locator(':scope > summary').click();
  await page.click(`[data-preset="${which}"]`);
}

/** Opens the Work menu, then clicks `selector` in it. */
export async function clickWork(page, selector) {
  await openWork(page);
  await page.click(selector);
}

/**
 * Clicks `selector` (a button that starts a download; in the Work menu,
 * which it opens first, and closes after, when the button is there) and resolves to
 * `{ name, text }` of the file the page saved.
 */
export async function downloadText(page, selector) {
  // A closed Work menu is opened for the button, and closed again after
  // (Escape), as a learner would, so that it lies over nothing.
  const menu = page.locator('[data-menu="work"]');
  const opened = (await page.locator(`[data-menu="work"] ${selector}`).count()) > 0 && !(await menu.evaluate((d) => d.open));
  if (opened) await openWork(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  if (opened) await page.keyboard.press('Escape');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/**
 * Picks a file named `name` holding `content` (a string or a Buffer) in the
 * import file input, as a learner choosing it in the file dialog would.
 */
export async function importFile(page, name, content) {
  const buffer = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  await page.setInputFiles('input[name="import"]', { name, mimeType: 'application/json', buffer });
}

/**
 * Waits for a notice of this kind (`error` or `info`) whose text contains
 * `text` (when given) and returns its text.
 */
export async function waitForNotice(page, kind, text = '', { timeout = 5_000 } = {}) {
  const handle = await page.waitForFunction(
    ([k, t]) => {
      // Every notice of that kind (the top bar's and a menu's answer may
      // both be showing): the first that says `t`.
      const el = [...document.querySelectorAll(`[data-notice="${k}"]`)].find((e) => e.textContent.includes(t));
      return el ? el.textContent : null;
    },
    [kind, text],
    { timeout },
  );
  return handle.jsonValue();
}

/** Polls `fn` (in the page, with `arg`) until it returns a truthy value, and returns that value. */
export async function waitUntil(page, fn, arg, { timeout = 5_000 } = {}) {
  const handle = await page.waitForFunction(fn, arg, { timeout });
  return handle.jsonValue();
}

/** The four views of the seed (query 報告), card for card and in order. */
export const SEED_VIEWS = Object.freeze({
  'alice/writer-v1': ['P', 'U', 'A', 'G'],
  'alice/checker-v1': ['U', 'G'],
  'bob/writer-v1': ['A', 'G', 'B'],
  'bob/checker-v1': ['G', 'B'],
});

/** The seed's views once card G is deleted: the "own work" many journeys start from. */
export const SEED_VIEWS_WITHOUT_G = Object.freeze({
  'alice/writer-v1': ['P', 'U', 'A'],
  'alice/checker-v1': ['U'],
  'bob/writer-v1': ['A', 'B'],
  'bob/checker-v1': ['B'],
});

/**
 * For a journey file: registers `before` / `after` hooks that start one
 * static server and one browser for the whole file, and returns an object
 * whose `server` and `browser` are set once `before` has run.
 */
export function useBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * Opens the app in a fresh context (empty localStorage), runs `body(page)`,
 * then closes the context whatever happened. `query` is as for `openApp`.
 */
export async function withApp(env, query, body) {
  const page = await openApp(env.browser, env.server, query);
  try {
    return await body(page);
  } finally {
    await page.context().close();
  }
}

/**
 * In the page: this tab's saved slot (`{ rev, saved_at, work }`, the work
 * being the workspace file), or null when nothing is saved yet. Each tab's
 * work id is in its session storage; the work itself in a localStorage slot
 * of its own. Kept as one function so `savedWork` and `waitForSavedWork`
 * read storage the same way.
 */
function readSlot() {
  const id = JSON.parse(sessionStorage.getItem('mixua-playground/v2/tab-work') ?? 'null');
  const slot = id && localStorage.getItem(`mixua-playground/v2/work/${id}`);
  return slot ? JSON.parse(slot) : null;
}

/**
 * What this tab autosaved: its work's slot content (the workspace file, as
 * JSON text), or null when nothing is saved yet.
 */
export async function savedWork(page) {
  const slot = await page.evaluate(readSlot);
  return slot ? JSON.stringify(slot.work) : null;
}

/**
 * Waits until this tab has saved work for which `holds(work, arg)` is true
 * (run in the page on the saved workspace, parsed; `holds` may use only its
 * arguments), and returns the work as JSON text, as `savedWork` does. The
 * autosave runs a moment after the last change: a journey waits for it with
 * this, never with a fixed pause.
 */
export async function waitForSavedWork(page, holds = () => true, arg = null, { timeout = 5_000 } = {}) {
  try {
    await page.waitForFunction(
      `(() => { const slot = (${readSlot})(); return slot !== null && Boolean((${holds})(slot.work, ${JSON.stringify(arg)})); })()`,
      null,
      // Every 100 ms rather than every frame: a big work is parsed each time.
      { timeout, polling: 100 },
    );
  } catch (error) {
    const seen = await savedWork(page).catch(() => '(unreadable)');
    throw new Error(`the saved work never held ${holds} (${JSON.stringify(arg)}): ${error.message}\nsaved: ${seen?.slice(0, 400)}`);
  }
  return savedWork(page);
}

/**
 * Makes the app save any pending change now: it saves at once on `pagehide`
 * (as when a tab is closed), so a check that a step stored nothing needs no
 * pause first. `target` is a page or a frame.
 */
export async function flushSave(target) {
  await target.evaluate(() => window.dispatchEvent(new Event('pagehide')));
}

/**
 * Waits until the page has rendered `count` more frames: whatever the app
 * scheduled for the step before (a re-render, an effect's state) is on
 * screen by then.
 */
export async function nextFrames(target, count = 2) {
  await target.evaluate(
    (n) => new Promise((resolve) => {
      const step = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
      step(n);
    }),
    count,
  );
}

/** Every localStorage entry, to show that a step wrote nothing. */
export async function allStorage(page) {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));
}

/**
 * Opens a work from Recent work: the one whose entry has `name` (and not
 * `hasNotText`, a string or RegExp, when given).
 */
export async function openRecent(page, name, hasNotText) {
  await openWork(page);
  if (!(await page.locator('[data-panel="recent"]').evaluate((d) => d.open))) {
    await page.locator('[data-panel="recent"] summary').click();
  }
  await page.locator('[data-panel="recent"] li', { hasText: name, ...(hasNotText ? { hasNotText } : {}) }).locator('[data-action="open-work"]').click();
}

/**
 * What overflows its box inside `selector` on the page (its content wider
 * than it: clipped, or spilling into the next column), as
 * `tag.class width>box`; an empty list when everything fits. `selector` may
 * be a list (`a, b`): each element it matches is checked with everything
 * inside it. It throws when `selector` matches nothing, so that a check of
 * a box that is not there fails instead of finding nothing to report (the
 * chart of lessons 1 and 3 went unchecked that way). Left out: fields and
 * scrolling boxes (their content scrolls inside them), a line cut on
 * purpose with an ellipsis, and what is only for screen readers (a box of
 * one pixel or less, or inside one).
 */
export async function overflowing(page, selector) {
  const found = await page.evaluate((selector) => {
    const roots = [...document.querySelectorAll(selector)];
    if (roots.length === 0) return null;
    const elements = [...new Set(roots.flatMap((root) => [root, ...root.querySelectorAll('*')]))];
    const onlyForReaders = (e) => {
      for (let a = e; a; a = a.parentElement) {
        const box = a.getBoundingClientRect();
        if (getComputedStyle(a).display !== 'contents' && (box.width <= 1 || box.height <= 1)) return true;
      }
      return false;
    };
    return elements
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && !onlyForReaders(e))
      .filter((e) => !['INPUT', 'TEXTAREA', 'SELECT'].includes(e.tagName))
      .filter((e) => !['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      .filter((e) => getComputedStyle(e).textOverflow !== 'ellipsis')
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}>${e.clientWidth}`);
  }, selector);
  if (found === null) throw new Error(`overflowing: nothing on the page matches ${selector}`);
  return found;
}
