// The order of a fresh load (Trunk.toml's loader): the prerendered first
// screen is painted and counted as the page's largest paint before the wasm
// is even requested, and the app's take-over doesn't replace that paint (the
// largest contentful paint stays the prerendered screen's). The wasm is not
// preloaded, keeps its content-hashed name and is compiled in a worker (off
// the main thread). Ordering only: no time is
// asserted (Lighthouse's figures are scripts/bench-lighthouse.mjs's).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './harness.mjs';

const env = useBrowser();

/** Records every largest-contentful-paint entry, and whether its element is the prerendered screen's. */
function watchPaints() {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__lcp.push({
        at: e.startTime,
        prerendered: Boolean(e.element?.closest('.prerender')),
        tag: e.element?.tagName ?? null,
        sentinel: e.element?.id === 'lcp-sentinel',
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

test('the built page neither preloads the wasm nor loses its hashed name', async () => {
  const response = await fetch(env.server.url);
  const html = await response.text();
  assert.doesNotMatch(html, /rel="(module)?preload"/, 'no preload: the first paint has the network to itself');
  // The page's own build (繁體中文) and the English one, by hashed names;
  // the loader imports the glue of the page's language (issue 28).
  assert.match(html, /return \{ js: "\.\/mixua-playground-[0-9a-f]{12,16}\.js", wasm: "\.\/mixua-playground-[0-9a-f]{12,16}_bg\.wasm" \}/);
  assert.match(html, /id="mixua-build-en">\{"js":"\.\/mixua-playground-[0-9a-f]{12,16}\.js","wasm":"\.\/mixua-playground-[0-9a-f]{12,16}_bg\.wasm"/);
  assert.match(html, /import\(new URL\(build\.js, location\.href\)\.href\)/);
  assert.match(html, /new URL\(build\.wasm, location\.href\)/);
  assert.match(html, /new Worker\(/, 'a worker compiles the wasm, off the main thread');
  assert.match(html, /WebAssembly\.compileStreaming/);
  assert.match(html, /largest-contentful-paint/, 'the loader waits for the first paint to be counted');
  // The prerendered screen is painted whole, never half-parsed (a phone
  // puts the side panel above the chart, after it in the page: a paint in
  // between pushed the chart down, a layout shift seen under load).
  assert.match(html, /<link rel="expect" href="#first-screen-end" blocking="render"/);
  const end = html.indexOf('id="first-screen-end"');
  assert.ok(end > html.lastIndexOf('data-prerender='), 'the marker comes after the prerendered screens');
});

test('a fresh load: the wasm is requested after the prerendered screen\'s paint, which stays the largest', async () => {
  for (const [width, locale] of [[390, 'zh-TW'], [1280, 'en-US']]) {
    const context = await env.browser.newContext({ locale, viewport: { width, height: 844 } });
    try {
      // The wasm's requests, the page's and its worker's (not the service
      // worker's, which keeps the build's files for offline use, nor the
      // parts the app fetches once its chart is interactive, src/parts/mod.rs).
      const requests = [];
      const isPart = (r) => new URL(r.url()).pathname.startsWith('/mixua-parts-');
      context.on('request', (r) => r.url().endsWith('.wasm') && !r.serviceWorker() && !isPart(r) && requests.push(r));
      const page = await context.newPage();
      await page.addInitScript(watchPaints);
      await page.goto(env.server.url);
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 20_000 });
      // A positive sign that every paint so far has been reported: a text
      // covering the whole screen, added now, is the next largest paint;
      // once its entry is in, any entry for the app's paints before it is too.
      await page.evaluate(() => {
        const cover = document.createElement('div');
        cover.id = 'lcp-sentinel';
        cover.style.cssText = 'position:fixed;inset:0;z-index:9;background:#fff;font:40px/1.2 sans-serif;overflow:hidden';
        cover.textContent = 'sentinel '.repeat(300);
        document.body.append(cover);
      });
      await page.waitForFunction(() => window.__lcp.some((p) => p.sentinel), null, { timeout: 10_000 });
      // Both on the wall clock: the paints from the page's time origin.
      const paints = await page.evaluate(() =>
        window.__lcp.filter((p) => !p.sentinel).map((p) => ({ ...p, at: performance.timeOrigin + p.at })),
      );
      await Promise.all(requests.map((r) => r.response()));
      const wasm = requests.map((r) => r.timing().startTime);
      assert.equal(wasm.length, 1, 'the wasm is fetched once');
      assert.ok(paints.length > 0, 'a largest contentful paint was reported');
      assert.ok(paints[0].at <= wasm[0], `the first paint (${paints[0].at} ms) is counted before the wasm is requested (${wasm[0]} ms)`);
      assert.deepEqual(
        paints.filter((p) => !p.prerendered),
        [],
        `at ${width} px every largest paint is the prerendered screen's, none the app's`,
      );
      assert.equal(await page.locator('.prerender').count(), 0, 'and the app took over');
    } finally {
      await context.close();
    }
  }
});

test('without workers (or when the worker cannot compile it) the page compiles the wasm itself', async () => {
  for (const broken of ['no Worker', 'a worker that fails']) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript((broken) => {
        if (broken === 'no Worker') delete window.Worker;
        else window.Worker = class extends Worker { constructor() { super('data:text/javascript,throw 1'); } };
      }, broken);
      await page.goto(env.server.url);
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 20_000 });
      assert.equal(await page.locator('.prerender').count(), 0, `${broken}: the app took over`);
      assert.ok((await page.locator('#chart [data-view]').count()) > 0, `${broken}: the chart is there`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});
