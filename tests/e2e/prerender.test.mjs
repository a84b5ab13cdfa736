// The first screen before the wasm: dist/index.html already holds the seed's
// seating chart, and lesson 2's start for `?lesson=2` (rendered at build
// time from the same components, by crates/mixua-prerender), marked as
// loading and inert. When the app starts
// it takes the page over: nothing moves (no layout shift, every box where it
// was), nothing is lost, and saved work or a share link is never shown as
// the seed in the meantime. The wasm is held back with a route, so each
// journey can look at the page before the app is there.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  SEED_VIEWS,
  SEED_VIEWS_WITHOUT_G,
  allViews,
  openApp,
  pageErrors,
  savedWork,
  screenshot,
  screenshotDir,
  useBrowser,
  waitUntil, clickWork,
} from './harness.mjs';

const env = useBrowser();
const VIEWERS = Object.keys(SEED_VIEWS);

/** Collects every layout shift of the page from its very start. */
function watchShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push({
        value: entry.value,
        sources: (entry.sources ?? []).map((s) => `${s.node?.nodeName ?? '?'}.${s.node?.className ?? ''}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * A new page in `context` whose wasm is held back until `release()`: the
 * page shows only what index.html holds. Its errors are collected too.
 */
async function heldPage(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console.error: ${m.text()}`));
  await page.addInitScript(watchShifts);
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  return { page, errors, release };
}

/** Waits until the app has taken over: its grid is there, the prerendered screens gone. */
async function takenOver(page) {
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 20_000 });
  assert.equal(await page.locator('.prerender').count(), 0, 'the prerendered first screen is gone');
  // The start's own effects (the first save, Recent work) have rendered
  // too once Recent work lists this tab's work; then two frames and a task,
  // so that any layout shift they caused has reached the observer.
  await page.waitForSelector('#app [data-panel="recent"] li[data-current="true"]', { state: 'attached' });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
}

/** The seat of every element a learner looks at first, in page coordinates. */
function boxes(page, root, viewers = VIEWERS) {
  return page.evaluate(
    ([rootSel, viewers]) => {
      const scope = document.querySelector(rootSel);
      const sels = ['h1', '.toolbar', '.files', 'input[name="query"]', '#chart', '.grid', '.side', ...viewers.map((v) => `[data-view="${v}"]`)];
      return Object.fromEntries(
        sels.map((sel) => {
          const b = scope.querySelector(sel).getBoundingClientRect();
          return [sel, [b.x, b.y + scrollY, b.width, b.height].map((n) => Math.round(n))];
        }),
      );
    },
    [root, viewers],
  );
}

/** The card ids per cell inside `root` (a prerendered screen or #app). */
function viewsIn(page, root) {
  return page.evaluate((rootSel) => {
    const out = {};
    for (const cell of document.querySelectorAll(`${rootSel} [data-view]`)) {
      out[cell.getAttribute('data-view')] = Array.from(cell.querySelectorAll('[data-card-id]'), (el) => el.getAttribute('data-card-id'));
    }
    return out;
  }, root);
}

/** Every layout shift since the page started (an empty list is CLS 0). */
/**
 * A screenshot of the viewport only: a full-page one resizes the viewport
 * for a moment, which would itself shift the layout being measured.
 */
async function viewportShot(page, name) {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

const shifts = (page) => page.evaluate(() => window.__shifts);

test('with JavaScript disabled, the built page shows the seed chart (in 繁體中文), inert', async () => {
  for (const width of [1280, 390]) {
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(env.server.url);
      const zh = '.prerender[data-prerender="zh-TW"][data-lesson="1"]';
      assert.equal(await page.locator(zh).isVisible(), true);
      assert.equal(await page.locator('.prerender[data-prerender="en"]').first().isVisible(), false);
      assert.equal(await page.locator('.prerender[data-lesson="2"]').first().isVisible(), false, 'lesson 2\'s screen is not shown');
      assert.deepEqual(await viewsIn(page, zh), SEED_VIEWS);
      for (const viewer of VIEWERS) assert.equal(await page.locator(`${zh} [data-view="${viewer}"]`).isVisible(), true);
      assert.equal(await page.locator(`${zh} h1`).textContent(), 'MixUA 記憶座位表');
      assert.equal(await page.locator(`${zh} input[name="query"]`).getAttribute('value'), '報告');
      assert.equal(await page.locator(`${zh} [data-view="alice/writer-v1"] .count`).textContent(), '4 張');
      // Marked as busy and inert; the noscript line says why nothing works,
      // and no "loading" promises an app that will never come.
      assert.equal(await page.locator(zh).getAttribute('aria-busy'), 'true');
      assert.notEqual(await page.locator(`${zh} .prerender-page`).getAttribute('inert'), null);
      assert.equal(await page.locator('.noscript').isVisible(), true);
      assert.equal(await page.locator(`${zh} .loading`).isVisible(), false);
      await screenshot(page, `prerender-nojs-${width}`);
    } finally {
      await context.close();
    }
  }
});

test('a fresh load: the prerendered seed in the browser\'s language, loading, then the app with nothing moved', async () => {
  for (const { locale, width, lang, loading, title } of [
    { locale: 'en-US', width: 1280, lang: 'en', loading: 'Loading…', title: 'MixUA Playground' },
    { locale: 'zh-TW', width: 390, lang: 'zh-TW', loading: '載入中…', title: 'MixUA 記憶座位表' },
  ]) {
    const context = await env.browser.newContext({ locale, viewport: { width, height: 844 } });
    try {
      const { page, errors, release } = await heldPage(context);
      await page.goto(env.server.url);
      const pre = `.prerender[data-prerender="${lang}"][data-lesson="1"]`;
      const other = `.prerender[data-prerender="${lang === 'en' ? 'zh-TW' : 'en'}"][data-lesson="1"]`;
      await page.waitForSelector(`${pre} [data-view]`);
      // Only this language is shown: no flash of the other one.
      assert.equal(await page.locator(other).isVisible(), false);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      assert.equal(await page.locator(`${pre} h1`).textContent(), title);
      assert.deepEqual(await viewsIn(page, pre), SEED_VIEWS);
      // Marked as loading, in words, and inert: nothing can be clicked or typed yet.
      assert.equal(await page.locator(pre).getAttribute('aria-busy'), 'true');
      const status = page.locator(`${pre} [role="status"].loading`);
      assert.equal(await status.isVisible(), true);
      assert.match(await status.innerText(), new RegExp(loading));
      assert.equal(await page.evaluate((sel) => document.querySelector(`${sel} .prerender-page`).inert, pre), true);
      const seedViews = await viewsIn(page, pre);
      if (width === 390) await viewportShot(page, 'prerender-loading-390');

      // A learner scrolls down while waiting; then the app arrives.
      // (At 1280 px the three-column first screen is barely taller than the
      // window, so the page scrolls as far as it can, less than 300 px.)
      const scrolled = await page.evaluate(() => {
        window.scrollTo(0, 300);
        return Math.round(window.scrollY);
      });
      assert.ok(scrolled > 0, 'the prerendered page can be scrolled');
      const before = await boxes(page, pre);
      release();
      await takenOver(page);
      assert.equal(await page.evaluate(() => Math.round(window.scrollY)), scrolled, 'the scroll position is kept');
      assert.deepEqual(await boxes(page, '#app'), before, 'every box stays where the prerendered one was');
      assert.deepEqual(await allViews(page), seedViews);
      assert.equal(await page.locator('#app h1').textContent(), title);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assert.deepEqual(await shifts(page), [], 'no layout shift at all');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('?lesson=2, a first visit: lesson 2\'s start prerendered in the page\'s language, then the app with nothing moved', async () => {
  for (const { locale, width, lang, loading } of [
    { locale: 'en-US', width: 1280, lang: 'en', loading: /Loading… \(lesson 2/ },
    { locale: 'zh-TW', width: 390, lang: 'zh-TW', loading: /載入中…\(第 2 課/ },
  ]) {
    const context = await env.browser.newContext({ locale, viewport: { width, height: 844 } });
    try {
      const { page, errors, release } = await heldPage(context);
      await page.goto(`${env.server.url}?lesson=2`);
      const pre = `.prerender[data-prerender="${lang}"][data-lesson="2"]`;
      await page.waitForSelector(`${pre} [data-view]`);
      // Only this screen: not lesson 1's seed, not the other language.
      assert.equal(await page.locator('.prerender[data-lesson="1"]').first().isVisible(), false);
      assert.equal(await page.locator('.prerender[data-lesson="1"]').last().isVisible(), false);
      assert.equal(await page.locator(`.prerender[data-lesson="2"]:not([data-prerender="${lang}"])`).isVisible(), false);
      assert.match(await page.locator(`${pre} [role="status"].loading`).innerText(), loading);
      // A first visit keeps nothing of another lesson: no notice (issue 50).
      assert.equal(await page.locator(`${pre} .notice`).count(), 0, 'no notice over the first screen');
      assert.equal(await page.evaluate((sel) => document.querySelector(`${sel} .prerender-page`).inert, pre), true);
      assert.ok(await page.locator(`${pre} .timeline`).isVisible(), 'lesson 2\'s time is under its chart');
      const preViews = await viewsIn(page, pre);
      const viewers = Object.keys(preViews);
      assert.ok(viewers.length >= 4);
      assert.notDeepEqual(preViews, SEED_VIEWS, 'lesson 2\'s cards, not the seed\'s');
      if (width === 390) await viewportShot(page, 'prerender-lesson2-loading-390');
      const before = await boxes(page, pre, viewers);
      release();
      await takenOver(page);
      assert.deepEqual(await boxes(page, '#app', viewers), before, 'every box stays where the prerendered one was');
      assert.deepEqual(await viewsIn(page, '#app'), preViews, 'the app shows what was prerendered');
      assert.deepEqual(await shifts(page), [], 'no layout shift at all');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('lesson3.html, a first visit: lesson 3\'s start prerendered in the page\'s language and counted as the largest paint, then the app with nothing moved', async () => {
  for (const { locale, width, lang, loading } of [
    { locale: 'en-US', width: 1280, lang: 'en', loading: /Loading… \(lesson 3/ },
    { locale: 'zh-TW', width: 390, lang: 'zh-TW', loading: /載入中…\(第 3 課/ },
  ]) {
    const context = await env.browser.newContext({ locale, viewport: { width, height: 844 } });
    try {
      const { page, errors, release } = await heldPage(context);
      await page.addInitScript(() => {
        window.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__lcp.push({ prerendered: Boolean(e.element?.closest('.prerender')), sentinel: e.element?.id === 'lcp-sentinel' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${env.server.url}lesson3.html`);
      const pre = `.prerender[data-prerender="${lang}"][data-lesson="3"]`;
      await page.waitForSelector(`${pre} [data-view]`);
      // Only this language's screen, marked as loading, inert.
      assert.equal(await page.locator(`.prerender:not([data-prerender="${lang}"])`).isVisible(), false);
      assert.match(await page.locator(`${pre} [role="status"].loading`).innerText(), loading);
      assert.equal(await page.evaluate((sel) => document.querySelector(`${sel} .prerender-page`).inert, pre), true);
      const preViews = await viewsIn(page, pre);
      const viewers = Object.keys(preViews);
      assert.ok(viewers.length >= 4, `lesson 3's cells: ${viewers}`);
      if (width === 390) await viewportShot(page, 'prerender-lesson3-loading-390');
      const before = await boxes(page, pre, viewers);
      release();
      await takenOver(page);
      assert.deepEqual(await boxes(page, '#app', viewers), before, 'every box stays where the prerendered one was');
      assert.deepEqual(await viewsIn(page, '#app'), preViews, 'the app shows what was prerendered');
      assert.deepEqual(await shifts(page), [], 'no layout shift at all');
      // Every largest paint so far is the prerendered screen's: a cover
      // over the whole window, added now, is the next one, so once its
      // entry is in, an entry for the app's take-over would be too.
      await page.evaluate(() => {
        const cover = document.createElement('div');
        cover.id = 'lcp-sentinel';
        cover.style.cssText = 'position:fixed;inset:0;z-index:9;background:#fff;font:40px/1.2 sans-serif;overflow:hidden';
        cover.textContent = 'sentinel '.repeat(300);
        document.body.append(cover);
      });
      await page.waitForFunction(() => window.__lcp.some((p) => p.sentinel), null, { timeout: 10_000 });
      const paints = await page.evaluate(() => window.__lcp.filter((p) => !p.sentinel));
      assert.ok(paints.length > 0 && paints.every((p) => p.prerendered), `every largest paint is the prerendered screen's: ${JSON.stringify(paints)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('keys and clicks before the app is ready change nothing, and the app starts clean', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors, release } = await heldPage(context);
    await page.goto(env.server.url);
    const pre = '.prerender[data-prerender="en"][data-lesson="1"]';
    await page.waitForSelector(`${pre} [data-view]`);
    // A click on a card and on a control, and typing: all land on nothing.
    await page.mouse.click(...(await page.locator(`${pre} [data-view="alice/writer-v1"] [data-card-id="P"]`).boundingBox().then((b) => [b.x + 10, b.y + 10])));
    await page.mouse.click(...(await page.locator(`${pre} input[name="query"]`).boundingBox().then((b) => [b.x + 10, b.y + 10])));
    await page.keyboard.press('Tab');
    await page.keyboard.type('xyz');
    assert.equal(await page.evaluate(() => document.activeElement === document.body || document.activeElement === null), true);
    assert.equal(await page.locator(`${pre} input[name="query"]`).inputValue(), 'report');
    release();
    await takenOver(page);
    assert.equal(await page.inputValue('input[name="query"]'), 'report');
    assert.equal(await page.locator('[data-panel="why"] [data-decision]').count(), 0, 'no card was selected');
    assert.equal(await page.locator('button[title^="Undo"]').isDisabled(), true, 'nothing to undo');
    assert.deepEqual(await allViews(page), await viewsIn(page, '#app'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** Makes the "own work" (the seed without G) in `context`, autosaved. */
async function ownWork(context) {
  const page = await context.newPage();
  await page.goto(`${env.server.url}?lang=en`);
  await page.waitForSelector('#app [data-ready]', { state: 'attached' });
  await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
  await waitUntil(page, () => !document.querySelector('[data-view] [data-card-id="G"]'));
  await waitUntil(page, () => {
    const id = JSON.parse(sessionStorage.getItem('mixua-playground/v2/tab-work') ?? 'null');
    const slot = id && localStorage.getItem(`mixua-playground/v2/work/${id}`);
    return slot && !JSON.parse(slot).work.cards.some((c) => c.id === 'G');
  });
  assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G);
  return page;
}

/** While held: the seed is not shown at all, and the page says it is opening the learner's work. */
async function seedHidden(page, lang = 'en') {
  const pre = `.prerender[data-prerender="${lang}"][data-lesson="1"]`;
  await page.waitForSelector(`${pre} .loading`);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('pre-own')), true);
  for (const viewer of VIEWERS) {
    assert.equal(await page.locator(`${pre} [data-view="${viewer}"]`).isVisible(), false, `${viewer}'s seed cell is hidden`);
  }
  assert.equal(await page.locator(`${pre} input[name="query"]`).isVisible(), false);
  const status = page.locator(`${pre} .loading`);
  assert.equal(await status.isVisible(), true);
  assert.match(await status.innerText(), lang === 'en' ? /opening your work/ : /打開你的作品/);
}

test('a saved-work reload never shows the seed as the learner\'s work, and the work comes back', async () => {
  // No service worker here: from the second load on it would hand over the
  // cached wasm without going through the route that holds it back
  // (Playwright's routes never see what a service worker answers).
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    const first = await ownWork(context);
    const saved = await savedWork(first);
    // The reload, with the wasm held back.
    await first.addInitScript(watchShifts);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await first.route('**/*.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await first.reload({ waitUntil: 'domcontentloaded' });
    await seedHidden(first);
    await viewportShot(first, 'prerender-own-work-loading');
    release();
    await takenOver(first);
    assert.deepEqual(await allViews(first), SEED_VIEWS_WITHOUT_G);
    assert.equal(await savedWork(first), saved, 'the saved work is untouched');
    assert.deepEqual(await shifts(first), []);
    assert.deepEqual(pageErrors(first), []);

    // A new tab picks up the saved work the same way.
    const { page, errors, release: go } = await heldPage(context);
    await page.goto(env.server.url);
    await seedHidden(page);
    go();
    await takenOver(page);
    assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G);
    assert.deepEqual(await shifts(page), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a share link never shows the seed first, and opens the linked work', async () => {
  // The link: the seed without G, made in a throwaway context.
  const maker = await openApp(env.browser, env.server, 'lang=en');
  let link;
  try {
    await maker.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitUntil(maker, () => !document.querySelector('[data-view] [data-card-id="G"]'));
    await clickWork(maker, '[data-action="share"]');
    link = new URL(await maker.inputValue('input[name="share_link"]'));
  } finally {
    await maker.context().close();
  }
  for (const locale of ['en-US', 'zh-TW']) {
    const context = await env.browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    try {
      const { page, errors, release } = await heldPage(context);
      await page.goto(`${env.server.url}${link.hash}`);
      await seedHidden(page, locale === 'en-US' ? 'en' : 'zh-TW');
      release();
      await takenOver(page);
      assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G);
      assert.deepEqual(await shifts(page), []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});
