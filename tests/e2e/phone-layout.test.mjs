// Issue 14, bug 3: on a 390×844 phone nothing is wider than the screen and
// every control (chart, editor rows, people, comparison) is reachable.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, pageErrors, screenshot, useBrowser, nextFrames } from './harness.mjs';

const env = useBrowser();
const phone = { width: 390, height: 844 };

/** Controls whose box pokes out of the screen sideways. */
const outside = (page) =>
  page.evaluate((width) => {
    const out = [];
    for (const el of document.querySelectorAll('button, input:not([type="file"]), select, textarea, summary, a[href]:not(.skip), .count, .badge')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      // Inside a sideways scroller that itself fits (the timeline's ticks), it is reachable.
      let scroller = el.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller && scroller !== document.documentElement && scroller.getBoundingClientRect().right <= width + 0.5) continue;
      if (r.left < -0.5 || r.right > width + 0.5) out.push(`${el.tagName} ${el.getAttribute('name') ?? el.textContent.trim().slice(0, 30)} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return out;
  }, phone.width);

for (const lang of ['en', 'zh-TW']) {
  test(`390×844 (${lang}): no sideways scroll, every control on screen`, async () => {
    const page = await openApp(env.browser, env.server, `lang=${lang}`, { viewport: phone });
    try {
      // Draw every panel (panels far below skip layout until near).
      await page.evaluate(() => document.querySelectorAll('.editor, .people, .compare').forEach((el) => el.scrollIntoView()));
      await nextFrames(page);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), phone.width);
      assert.deepEqual(await outside(page), []);
      // The editor's Stream, Verdict and Actions are on screen for every row.
      for (const name of ['stream', 'share_approved']) {
        const box = await page.locator(`tr[data-card="X"] [name="${name}"]`).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= phone.width, `${name} on screen`);
      }
      // The count badge stays one line (not a dark oval).
      const heights = await page.$$eval('.cell .count', (els) => els.map((el) => el.getBoundingClientRect().height));
      assert.ok(heights.every((h) => h < 30), `badge heights ${heights}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('#chart').screenshot({ path: `tests/e2e/screenshots/phone-chart-${lang}.png` });
      await page.locator('[data-panel="editor"]').screenshot({ path: `tests/e2e/screenshots/phone-editor-${lang}.png` });
      await screenshot(page, `phone-${lang}`);
      // A selected card opens its editor on the phone too.
      await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
      await page.waitForSelector('[data-inspector="A"]');
      assert.deepEqual(await outside(page), []);
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await page.context().close();
    }
  });
}

test('390×844, lesson 2: the timeline, cache, retention, groups and log fit the screen too', async () => {
  const page = await openApp(env.browser, env.server, 'lesson=2&lang=en', { viewport: phone });
  try {
    await page.evaluate(() => document.querySelectorAll('[data-panel]').forEach((el) => el.scrollIntoView()));
    await nextFrames(page);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), phone.width);
    assert.deepEqual(await outside(page), []);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

for (const lang of ['en', 'zh-TW']) {
  test(`1280 px (${lang}): the card editor's columns, Actions included, fit without scrolling sideways`, async () => {
    const page = await openApp(env.browser, env.server, `lang=${lang}`, { viewport: { width: 1280, height: 800 } });
    try {
      await page.locator('[data-panel="editor"]').scrollIntoViewIfNeeded();
      const { sw, cw } = await page.$eval('[data-panel="editor"] .table-wrap', (el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
      assert.ok(sw <= cw, `the editor scrolls sideways: ${sw} > ${cw}`);
    } finally {
      await page.context().close();
    }
  });
}
