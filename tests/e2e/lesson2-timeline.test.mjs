// Lesson 2's timeline: scrubbing to an earlier tick shows the earlier
// views (and says which cards were not in effect then, in words); the
// scrubber works with the arrow keys; "Now" is one click away; acting
// brings the chart back to now. The new panels are axe-clean in both
// languages, and every new control is reachable with the keyboard.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, formatViolations, nextFrames, pageErrors, screenshot, useBrowser, viewIds, withApp, openApp } from './harness.mjs';
import { act, waitCell } from './lesson2-helpers.mjs';

const env = useBrowser();

const shownTick = (page) => page.getAttribute('[data-panel="timeline"]', 'data-shown-tick');

test('lesson 2: scrubbing shows the earlier views, arrow keys move the scrubber, Now comes back', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    assert.equal(await shownTick(page), '3');
    assert.deepEqual(await page.$$eval('[data-tick]', (ts) => ts.map((t) => t.getAttribute('data-tick'))), ['0', '1', '2', '3']);
    // Now: G2 (the new version) replaced G; G says why, in words.
    assert.ok((await viewIds(page, 'bob/checker-v1')).includes('G2'));
    assert.match(await page.locator('[data-not-in-effect="G"]').innerText(), /superseded by G2/);
    assert.match(await page.locator('[data-not-in-effect="A"]').innerText(), /candidate/);

    // Tick 1: before G2 and before S... S was published at tick 1; G2 at 2.
    await page.click('[data-tick="1"]');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="1"]');
    const then = await viewIds(page, 'bob/checker-v1');
    assert.ok(then.includes('G') && !then.includes('G2'), `tick 1: ${then}`);
    assert.match(await page.locator('.past-note').innerText(), /tick 1/);

    // Arrow keys on the scrubber.
    await page.focus('input[name="tick"]');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="0"]');
    assert.ok(!(await viewIds(page, 'bob/checker-v1')).includes('S'), 'S was not published at tick 0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="2"]');
    assert.ok((await viewIds(page, 'bob/checker-v1')).includes('G2'));

    // Now, one click away.
    await page.click('[data-action="now"]');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="3"]');
    assert.equal(await page.locator('.past-note').count(), 0);

    // Acting in the past brings the chart back to now.
    await page.click('[data-tick="0"]');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="0"]');
    await act(page, { actor: 'dana', card: 'A', action: 'publish' });
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="3"]');
    await waitCell(page, 'bob/writer-v1', 'A');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 2: advancing the clock adds a tick, and the sweep is logged with its reason', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    await act(page, { action: 'advance' });
    await page.waitForSelector('[data-tick="4"]');
    await page.waitForSelector('[data-panel="audit"] [data-event][data-kind="expire"][data-card="W"]');
    assert.match(await page.locator('[data-event][data-kind="expire"]').innerText(), /ttl:working/);
    await waitCell(page, 'bob/checker-v1', 'W', false);
  });
});

for (const lang of ['en', 'zh-TW']) {
  test(`axe: lesson 2's timeline, act panel, audit log and a history (${lang})`, async () => {
    await withApp(env, `lesson=2&lang=${lang}`, async (page) => {
      await act(page, { actor: 'writer-v1', card: 'A', action: 'publish' });
      await page.waitForSelector('[data-panel="act"] [data-refusal]');
      await act(page, { actor: 'dana', card: 'G2', action: 'history' });
      await page.waitForSelector('[data-history="G2"]');
      await page.click('[data-tick="1"]');
      await page.waitForSelector('[data-panel="timeline"][data-shown-tick="1"]');
      const violations = await axeScan(page);
      assert.equal(violations.length, 0, formatViolations(violations));
    });
  });
}

test('keyboard: every new control is reachable with Tab, and the scrubber and acts work from the keyboard', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    const wanted = [
      'select[name="actor"]', 'select[name="act-card"]', 'select[name="draft"]', '[data-action="propose"]', '[data-action="publish"]',
      '[data-action="reject"]', '[data-action="revoke"]', '[data-action="delete"]', '[data-action="rollback"]', '[data-action="history"]',
      '[data-action="advance"]', 'textarea[name="reason"]', 'input[name="tick"]', '[data-action="now"]', '[data-tick="0"]',
    ];
    const reached = new Set();
    for (let i = 0; i < 300 && reached.size < wanted.length; i += 1) {
      await page.keyboard.press('Tab');
      const hit = await page.evaluate((sels) => sels.filter((s) => document.activeElement?.matches(s)), wanted);
      hit.forEach((s) => reached.add(s));
    }
    assert.deepEqual(wanted.filter((s) => !reached.has(s)), []);
    // Publish A as dana from the keyboard (the choices are made with the
    // selects, then the button is pressed with Enter).
    await page.selectOption('select[name="actor"]', 'dana');
    const a = await page.$$eval('select[name="act-card"] option', (os) => os.find((o) => o.textContent.startsWith('A ·')).value);
    await page.selectOption('select[name="act-card"]', a);
    await page.focus('[data-action="publish"]');
    await page.keyboard.press('Enter');
    await waitCell(page, 'bob/writer-v1', 'A');
    await page.focus('[data-tick="0"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="0"]');
  });
});

test('tick 1 at 1280 px and in classroom mode at 1366x768 (zh-TW): the past views on screen with the timeline (in classroom mode, with the chart too)', async () => {
  for (const [query, viewport, lang, name, classroom] of [
    ['lesson=2&lang=en', { width: 1280, height: 800 }, 'en', 'lesson2-1280', false],
    ['lesson=2&lang=zh-TW&classroom', { width: 1366, height: 768 }, 'zh-TW', 'lesson2-classroom-1366', true],
  ]) {
    const page = await openApp(env.browser, env.server, query, { viewport });
    try {
      // In classroom mode the ticks wait behind "Ticks and events" (a thin strip).
      if (classroom) await page.click('[data-panel="timeline"] .time-more > summary');
      await page.click('[data-tick="1"]');
      await page.waitForSelector('[data-panel="timeline"][data-shown-tick="1"]');
      // The chart shows tick 1: G, not yet its new version G2.
      const then = await viewIds(page, 'bob/checker-v1');
      assert.ok(then.includes('G') && !then.includes('G2'), `${name}, tick 1: ${then}`);
      assert.equal(await page.inputValue('input[name="tick"]'), '1');
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      // The timeline is on screen (in classroom mode, pinned with the
      // chart's first row), and nothing is wider than the screen.
      const seen = await page.evaluate(() => {
        const box = (el) => el.getBoundingClientRect();
        const timeline = box(document.querySelector('[data-panel="timeline"]'));
        const cell = box(document.querySelector('[data-view]'));
        return {
          timeline: timeline.top >= 0 && timeline.bottom <= innerHeight + 1,
          cell: cell.top >= 0 && cell.top < innerHeight,
          wide: document.documentElement.scrollWidth <= innerWidth,
        };
      });
      assert.deepEqual(seen, { timeline: true, cell: classroom ? true : seen.cell, wide: true }, name);
      assert.deepEqual(pageErrors(page), []);
      await screenshot(page, name);
    } finally {
      await page.context().close();
    }
  }
});

test('classroom mode, lesson 2: the timeline stays on screen over the chart; the log, cache and retention are a tab', async () => {
  const page = await openApp(env.browser, env.server, 'lesson=2&lang=en&classroom', { viewport: { width: 1366, height: 768 } });
  try {
    const inView = () => page.$eval('[data-panel="timeline"]', (t) => {
      const r = t.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight + 1;
    });
    assert.ok(await inView(), 'the timeline is on the first screen');
    await page.mouse.wheel(0, 300);
    // The page has scrolled, and drawn the frames after it.
    await page.waitForFunction(() => window.scrollY > 0);
    await nextFrames(page);
    assert.ok(await inView(), 'the timeline stays on screen while the chart scrolls');
    // On the chart tab: no audit log or cache; the tab "Over time" shows them (and no chart).
    assert.equal(await page.locator('[data-panel="audit"], .cache').count(), 0);
    await page.click('[data-panel-tab="memory"]');
    await page.waitForSelector('.memory-tab .cache');
    assert.ok(await page.locator('.memory-tab [data-event]').count() > 0, 'the audit log lists events');
    assert.equal(await page.locator('[data-view]').count(), 0);
    const violations = await axeScan(page);
    assert.deepEqual(violations, [], formatViolations(violations));
    await page.click('[data-panel-tab="chart"]');
    await page.waitForSelector('#app [data-ready]');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('lesson 1 in classroom mode has no "Over time" tab', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en&classroom', { viewport: { width: 1366, height: 768 } });
  try {
    await page.waitForSelector('[data-panel-tab="chart"]');
    assert.equal(await page.locator('[data-panel-tab="memory"]').count(), 0);
  } finally {
    await page.context().close();
  }
});
