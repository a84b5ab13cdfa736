// Issue 14, item 11: in classroom mode at 1366×768 the whole seed chart
// (four cells and their cards) is on the first screen, card text is at
// least 24 px, and a selected card's editor fits beside it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, pageErrors, screenshot, useBrowser } from './harness.mjs';

const env = useBrowser();
const projector = { width: 1366, height: 768 };

const chartOnFirstScreen = (page) =>
  page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('[data-view], [data-view] [data-card-id]')) {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight) out.push(`${el.getAttribute('data-view') ?? el.getAttribute('data-card-id')} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
    }
    return out;
  });

for (const lang of ['en', 'zh-TW']) {
  test(`classroom (${lang}) at 1366×768: the whole seed chart on the first screen, card text ≥ 24 px, the editor beside it`, async () => {
    const page = await openApp(env.browser, env.server, `lang=${lang}&classroom`, { viewport: projector });
    try {
      assert.equal(await page.locator('[data-view]').count(), 4);
      assert.deepEqual(await chartOnFirstScreen(page), []);
      const sizes = await page.$$eval('[data-view] [data-card-id] .lesson', (els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
      assert.equal(sizes.length, 11);
      assert.ok(sizes.every((s) => s >= 24), `card text sizes ${sizes}`);
      await screenshot(page, `classroom-${lang}`);

      // Select a card: its editor opens beside the chart, on screen, and
      // an edit shows its effect there too.
      await page.click('[data-view="alice/writer-v1"] [data-card-id="G"] button');
      await page.waitForSelector('[data-inspector="G"]');
      const box = await page.locator('[data-inspector="G"]').boundingBox();
      const chart = await page.locator('#chart').boundingBox();
      assert.ok(box.x >= chart.x + chart.width && box.y + box.height <= projector.height, `inspector ${JSON.stringify(box)}`);
      await page.selectOption('[data-inspector="G"] select[name="scope"]', 'PAIR');
      await page.waitForSelector('[data-view="bob/writer-v1"]:not(:has([data-card-id="G"]))');
      assert.deepEqual(await chartOnFirstScreen(page), []);
      await screenshot(page, `classroom-${lang}-editing`);
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await page.context().close();
    }
  });
}
