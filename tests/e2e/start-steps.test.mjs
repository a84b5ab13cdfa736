// The start in steps (src/start/mod.rs): the app builds its first screen into
// a hidden #app while the prerendered screen stays, swaps them in one frame
// (never both shown, never neither), then the panels below arrive one per
// task without any scrolling and without moving anything (no layout
// shift), and `data-ready` marks the end. What a learner does right at the
// swap, before the panels are there, is kept: it shows, and the first save
// (the last step) holds it. Ordering and counts only: no time is asserted
// (scripts/bench-start.mjs and scripts/bench-lighthouse.mjs print those).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, savedWork } from './harness.mjs';

const env = useBrowser();

/** Watches the start from the first mutation on: the swap, the frames until ready, layout shifts. */
function watchStart(act) {
  const s = (window.__start = { shifts: [], swap: null, both: false, frames: null, acted: false, rows: [], rowsAtReady: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) s.shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
  const look = () => {
    const app = document.getElementById('app');
    if (!app) return;
    const pre = document.querySelector('.prerender');
    // Both screens would show in the frame painted after this task.
    if (pre && !app.hidden && app.childElementCount > 0) s.both = true;
    // The card editor's rows, as they arrive (a few per task).
    const rows = app.querySelectorAll('.editor tbody tr').length;
    if (app.querySelector('.editor') && s.rows.at(-1) !== rows) s.rows.push(rows);
    if (s.rowsAtReady === null && app.querySelector('[data-ready]')) s.rowsAtReady = rows;
    if (s.swap || pre) return;
    s.swap = {
      hidden: app.hidden,
      header: Boolean(app.querySelector('header.top')),
      query: Boolean(app.querySelector('input[name="query"]')),
      chart: app.querySelectorAll('#chart [data-view]').length,
      side: Boolean(app.querySelector('aside.side')),
      ready: Boolean(app.querySelector('[data-ready]')),
    };
    let frames = 0;
    const tick = () => {
      if (app.querySelector('[data-ready]')) s.frames = frames;
      else {
        frames += 1;
        requestAnimationFrame(tick);
      }
    };
    requestAnimationFrame(tick);
    if (act) {
      // A learner's first moves, at once: predict mode on, a new query typed.
      app.querySelector('[data-action="predict-mode"]').click();
      const query = app.querySelector('input[name="query"]');
      query.value = 'tuesday standup';
      query.dispatchEvent(new Event('input', { bubbles: true }));
      s.acted = true;
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
}

async function start(context, act) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(watchStart, act);
  await page.goto(`${env.server.url}?lang=en`);
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 20_000 });
  await page.waitForFunction(() => window.__start.frames !== null);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return { page, errors, seen: await page.evaluate(() => window.__start) };
}

for (const [width, height] of [[390, 844], [1280, 800]]) {
  test(`at ${width} px: the first screen swaps in whole, the panels follow without a shift, on a fresh load and a reload`, async () => {
    const context = await env.browser.newContext({ viewport: { width, height }, locale: 'en-US' });
    try {
      for (const load of ['fresh', 'reload']) {
        const { page, errors, seen } = await start(context, false);
        assert.ok(seen.swap, `${load}: the prerendered screen was replaced`);
        assert.equal(seen.both, false, `${load}: never both screens at once`);
        assert.equal(seen.swap.hidden, false, `${load}: the app shows in the task that removes the prerendered screen (never neither)`);
        assert.ok(seen.swap.header && seen.swap.query && seen.swap.side, `${load}: the top bar, the query and the side panel are there at the swap`);
        assert.equal(seen.swap.chart, 4, `${load}: the chart's four cells are there at the swap`);
        assert.ok(seen.frames <= 60, `${load}: every panel arrived within 60 frames of the swap (${seen.frames}), with no scrolling`);
        for (const panel of ['editor', 'people', 'compare']) {
          assert.equal(await page.locator(`#app [data-panel="${panel}"]`).count(), 1, `${load}: the ${panel} panel is there`);
        }
        assert.equal(await page.locator('#app footer.foot').count(), 1, `${load}: and the footer`);
        assert.equal(seen.rowsAtReady, 7, `${load}: the editor has every card's row when the start is done`);
        assert.ok(seen.rows.length > 2 && seen.rows[0] < 7, `${load}: its rows came in parts, not all in one task (${seen.rows.join(', ')})`);
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'nothing scrolled');
        assert.deepEqual(seen.shifts.filter((v) => v > 0), [], `${load}: no layout shift at all`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  test(`at ${width} px: what a learner does right at the swap, before the panels below are there, shows and is saved`, async () => {
    const context = await env.browser.newContext({ viewport: { width, height }, locale: 'en-US' });
    try {
      const { page, errors, seen } = await start(context, true);
      assert.equal(seen.acted, true);
      assert.equal(seen.swap.ready, false, 'the panels below were still to come');
      assert.equal(await page.locator('[data-action="predict-mode"]').getAttribute('aria-pressed'), 'true');
      assert.equal(await page.inputValue('input[name="query"]'), 'tuesday standup');
      await page.waitForFunction(() => {
        const id = JSON.parse(sessionStorage.getItem('mixua-playground/v2/tab-work') ?? 'null');
        return id && localStorage.getItem(`mixua-playground/v2/work/${id}`);
      });
      assert.equal(JSON.parse(await savedWork(page)).query, 'tuesday standup', 'the first save holds the typed query');
      assert.deepEqual(errors, []);
      // A reload opens that saved work, not the seed.
      const again = await start(context, false);
      assert.equal(await again.page.inputValue('input[name="query"]'), 'tuesday standup', 'the saved work, not the seed');
      assert.deepEqual(again.errors, []);
    } finally {
      await context.close();
    }
  });
}
