// Issue 50, item 5 (layout): predict mode fits a 390 px phone and nothing
// spills from one chart cell into the next at 1280 px; classroom mode fits
// lesson 2 at 1366×768 with bob's cells (the lesson's) on screen; the
// Teacher link opens the lesson the learner is on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, overflowing, pageErrors, screenshot, useBrowser, withApp } from './harness.mjs';

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

// Three users' cards at 24 px do not all fit 1366×768: bob's row starts on
// the first screen, above the pinned timeline, and the page scrolls to the
// rest of it (lesson2-timeline.test.mjs: the timeline stays pinned).
test('classroom, lesson 2 at 1366×768 (zh-TW): one row of top bar, and bob\'s cells begin on screen above the pinned timeline', async () => {
  const page = await openApp(env.browser, env.server, 'lesson=2&lang=zh-TW&classroom', { viewport: { width: 1366, height: 768 } });
  try {
    await page.waitForSelector('[data-view="bob/checker-v1"]');
    const bar = await page.$$eval('header.top > *', (els) => els.filter((e) => e.getBoundingClientRect().height > 0).map((e) => Math.round(e.getBoundingClientRect().top)));
    assert.ok(Math.max(...bar) - Math.min(...bar) < 20, `the top bar wraps: its items start at ${bar}`);
    const seen = await page.evaluate(() => {
      const timeline = document.querySelector('.chart-col .timeline')?.getBoundingClientRect();
      const bottom = Math.min(innerHeight, timeline ? timeline.top : innerHeight);
      return [...document.querySelectorAll('td[data-view^="bob/"]')].map((td) => {
        const r = td.querySelector('h3')?.getBoundingClientRect() ?? td.getBoundingClientRect();
        return { view: td.getAttribute('data-view'), top: Math.round(r.top), bottom: Math.round(r.bottom), limit: Math.round(bottom) };
      });
    });
    await screenshot(page, 'classroom-lesson2-1366');
    assert.equal(seen.length, 2);
    for (const cell of seen) assert.ok(cell.top >= 0 && cell.bottom <= cell.limit, `${cell.view} is hidden: ${JSON.stringify(cell)}`);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

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
