// Issue 50, item 5 (layout): predict mode fits a 390 px phone and nothing
// spills from one chart cell into the next at 1280 px; classroom mode fits
// lesson 2 at 1366×768 with bob's row (the lesson's) whole on screen; the
// Teacher link opens the lesson the learner is on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, formatViolations, openApp, overflowing, pageErrors, screenshot, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

test('predict mode on a 390 px phone: nothing wider than the screen', async () => {
  const page = await openApp(env.browser, env.server, 'lesson=1&step=3&lang=en', { viewport: { width: 390, height: 844 } });
  try {
    await page.click('[data-action="predict-mode"]');
    await page.waitForSelector('input[name="predict"]');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await screenshot(page, 'phone-predict');
    assert.ok(width <= 390, `the page is ${width} px wide`);
    assert.deepEqual(await overflowing(page, '#chart'), []);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

for (const lang of ['en', 'zh-TW']) {
  test(`at 1280 px (${lang}): no cell's text spills into the next, predicting or not`, async () => {
    await withApp(env, `lesson=1&lang=${lang}`, async (page) => {
      assert.deepEqual(await overflowing(page, 'td[data-view]'), []);
      await page.click('[data-action="predict-mode"]');
      await page.waitForSelector('input[name="predict"]');
      assert.deepEqual(await overflowing(page, 'td[data-view]'), []);
      await screenshot(page, `predict-1280-${lang}`);
      assert.deepEqual(pageErrors(page), []);
    });
  });
}

// Classroom, lesson 2 at 1366×768: three users' cards at 24 px, and time
// a thin strip pinned under the chart (its title, the scrubber and Now;
// the ticks' events and the cards not in effect open on demand), so that
// bob's row, the one the lesson is about, is whole on the first screen:
// each of its cells and cards above the strip, and nothing lying over them
// (what the window shows at each card's corners and centre is that card).
async function bobsRowUncovered(page) {
  return page.evaluate(() => {
    const strip = document.querySelector('.chart-col .timeline').getBoundingClientRect();
    const bottom = Math.min(innerHeight, strip.top);
    const hidden = [];
    for (const el of document.querySelectorAll('td[data-view^="bob/"], td[data-view^="bob/"] [data-card-id]')) {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute('data-view') ?? `${el.closest('td').getAttribute('data-view')} ${el.getAttribute('data-card-id')}`;
      if (r.top < 0 || r.bottom > bottom) {
        hidden.push(`${name} ${Math.round(r.top)}..${Math.round(r.bottom)} (the strip at ${Math.round(strip.top)})`);
        continue;
      }
      for (const [x, y] of [[r.left + 3, r.top + 3], [r.right - 3, r.bottom - 3], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(el === hit || el.contains(hit))) hidden.push(`${name} at ${Math.round(x)},${Math.round(y)}: ${hit?.closest('[class]')?.className}`);
      }
    }
    return hidden;
  });
}

// In English too: its longer card texts are one line each, cut with an
// ellipsis, their whole text still the card's (for a screen reader and on
// a click); Undo and Redo show their arrows, their names kept.
for (const lang of ['zh-TW', 'en']) {
  test(`classroom, lesson 2 at 1366×768 (${lang}): one row of top bar; bob's row whole above the thin pinned timeline; its events open on demand`, async () => {
    const page = await openApp(env.browser, env.server, `lesson=2&lang=${lang}&classroom`, { viewport: { width: 1366, height: 768 } });
    try {
      await page.waitForSelector('[data-view="bob/checker-v1"]');
      await page.waitForSelector('.app.classroom');
      const bar = await page.$$eval('header.top > *', (els) => els.filter((e) => e.getBoundingClientRect().height > 0).map((e) => Math.round(e.getBoundingClientRect().top)));
      assert.ok(Math.max(...bar) - Math.min(...bar) < 20, `the top bar wraps: its items start at ${bar}`);
      // Card text stays at least 24 px.
      const sizes = await page.$$eval('td[data-view^="bob/"] [data-card-id] .lesson', (els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
      assert.ok(sizes.length >= 6 && sizes.every((s) => s >= 24), `bob's card text sizes ${sizes}`);
      await screenshot(page, `classroom-lesson2-1366-${lang}`);
      assert.deepEqual(await bobsRowUncovered(page), [], 'bob\'s row is whole, nothing over it');
      const e = await page.$eval('td[data-view="alice/writer-v1"] [data-card-id="E"]', (el) => el.textContent);
      assert.match(e, lang === 'en' ? /Last week's report came back once: totals did not match\./ : /上週的報告因總數不符被退回一次。/, 'the cut card keeps its whole text');
      assert.equal(await page.locator('.toolbar button', { hasText: lang === 'en' ? 'Undo' : '復原' }).count(), 1, 'Undo keeps its name');
      assert.deepEqual(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'nothing sideways');
      // The users' names fit their column (the corner above it is smaller, not narrower).
      assert.deepEqual(await overflowing(page, '.grid thead .corner, .grid tbody th'), []);
      // The strip is on screen, pinned; the scrubber and Now are in it.
      const strip = await page.locator('[data-panel="timeline"]').boundingBox();
      assert.ok(strip.y + strip.height <= 768 + 1 && strip.height <= 60, `the strip ${JSON.stringify(strip)}`);
      assert.ok(await page.locator('[data-panel="timeline"] input[name="tick"]').isVisible());
      // The ticks' events and the cards not in effect open on demand, by keyboard too.
      assert.equal(await page.locator('[data-panel="timeline"] [data-tick="1"]').isVisible(), false, 'the ticks wait behind "Ticks and events"');
      await page.focus('[data-panel="timeline"] .time-more > summary');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-panel="timeline"] [data-tick="1"]', { state: 'visible' });
      assert.ok(await page.locator('[data-panel="timeline"] [data-not-in-effect="G"]').isVisible(), 'G, not in effect, said');
      const violations = await axeScan(page);
      assert.equal(violations.length, 0, formatViolations(violations));
      await page.click('[data-panel="timeline"] [data-tick="1"]');
      await page.waitForSelector('[data-panel="timeline"][data-shown-tick="1"]');
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await page.context().close();
    }
  });
}

for (const lesson of [1, 2]) {
  test(`the Teacher link from lesson ${lesson} opens teach.html on lesson ${lesson}`, async () => {
    await withApp(env, `lesson=${lesson}&lang=en`, async (page) => {
      const link = page.locator('[data-action="teacher-page"]');
      assert.match(await link.getAttribute('href'), new RegExp(`^teach\\.html\\?.*lesson=${lesson}`));
      await link.click();
      await page.waitForURL(/teach\.html/);
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
      assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-lesson'), String(lesson));
    });
  });
}
