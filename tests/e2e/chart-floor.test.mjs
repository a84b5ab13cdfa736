// Issue 25's floor (`SeatingChart`): the chart keeps the tallest height it
// has had, so a card leaving a cell never moves what is below the chart
// (the browser would lay out and paint the whole page again); the floor
// starts again when the chart's shape or mode changes. No journey held it
// before; issue 52's trials of where to measure it (2026-12-07) are checked
// against it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

/** The chart's grid, after the next frame has been painted. */
async function measure(page) {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 0)))));
  return page.evaluate(() => {
    const wrap = document.querySelector('#chart .grid-wrap');
    return {
      height: wrap.getBoundingClientRect().height,
      floor: wrap.style.minHeight,
    };
  });
}

const inBob = (page, present) =>
  waitUntil(page, (present) => (document.querySelector('[data-view="bob/writer-v1"] [data-card-id="Y"]') !== null) === present, present);

test('the chart keeps its tallest height when a card leaves a cell, and starts again with a new mode', async () => {
  await withApp(env, 'lesson=1&lang=en', async (page) => {
    const y = cardRow(page, 'Y').locator('input[name="share_approved"]');
    const start = await measure(page);
    // Y, approved, enters bob's cells: the chart grows and keeps that height.
    await y.check();
    await inBob(page, true);
    const grown = await measure(page);
    assert.ok(grown.height > start.height, `approving Y makes the chart taller (${start.height} → ${grown.height} px)`);
    assert.equal(Number.parseFloat(grown.floor), Math.ceil(grown.height * 100) / 100, 'the floor is the tallest height');
    // Y leaves them: the grid keeps its height (the change strip above it
    // says something else, and may take another line).
    await y.uncheck();
    await inBob(page, false);
    const after = await measure(page);
    assert.equal(after.height, grown.height);
    // Predicting is another shape: the floor starts again from the chart's own height.
    await page.click('[data-action="predict-mode"]');
    await page.waitForSelector('input[name="predict"]');
    const predicting = await measure(page);
    const natural = await page.evaluate(() => {
      const wrap = document.querySelector('#chart .grid-wrap');
      const kept = wrap.style.minHeight;
      wrap.style.minHeight = '';
      const h = wrap.getBoundingClientRect().height;
      wrap.style.minHeight = kept;
      return h;
    });
    assert.equal(predicting.height, natural, 'a new mode measures the chart afresh');
    assert.deepEqual(pageErrors(page), []);
  });
});
