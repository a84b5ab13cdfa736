// Issue 14, item 10: selecting a card (in a cell, the editor or the
// rejected list) opens it for editing beside the chart, so an edit and its
// effect are on screen together at 1280×800 and 1366×768; a card's verdict
// shows a leak it causes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, openApp, pageErrors, useBrowser, waitUntil } from './harness.mjs';

const env = useBrowser();

/** Whether the element's box is wholly inside the viewport. */
const onScreen = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
  });

for (const viewport of [{ width: 1280, height: 800 }, { width: 1366, height: 768 }]) {
  const size = `${viewport.width}×${viewport.height}`;

  test(`${size}: "Show reach" in the editor opens the card beside the chart; an edit and its alarm show together`, async () => {
    const page = await openApp(env.browser, env.server, 'lang=en', { viewport });
    try {
      await cardRow(page, 'X').getByRole('button', { name: 'Show reach (X)' }).click();
      await page.waitForSelector('[data-inspector="X"]');
      await waitUntil(page, () => document.activeElement?.id === 'inspector-title');
      // Beside the chart, not under it.
      const [chart, inspector] = await Promise.all([page.locator('#chart').boundingBox(), page.locator('[data-inspector="X"]').boundingBox()]);
      assert.ok(inspector.x >= chart.x + chart.width, 'the inspector is to the right of the chart');
      assert.ok(await onScreen(page, '[data-inspector="X"] select[name="stream"]'));
      // The why panel comes with it, right under the card's fields.
      const why = await page.locator('[data-panel="why"]').boundingBox();
      assert.ok(why.y < viewport.height, 'the why panel starts on screen');

      await page.selectOption('[data-inspector="X"] select[name="stream"]', 'reusable');
      await page.waitForSelector('[data-view] [data-leak="FAKE-ALICE-731"]');
      // The effect and the edit, both in view: the alarm and the verdict.
      assert.ok(await onScreen(page, '.alarm-summary.alarm'), 'the leak alarm is on screen');
      assert.ok(await onScreen(page, '[data-inspector="X"] [data-verdict="leaks"]'), 'the verdict is on screen');
      assert.match(await page.locator('[data-inspector="X"] [data-verdict]').innerText(), /accepted, but it leaks: FAKE-ALICE-731 reaches bob\/writer-v1, bob\/checker-v1/);
      // The editor row says so too, instead of a green "accepted".
      assert.equal(await cardRow(page, 'X').locator('[data-verdict]').getAttribute('data-verdict'), 'leaks');
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await page.context().close();
    }
  });

  test(`${size}: a card clicked in a cell opens beside the chart, on screen`, async () => {
    const page = await openApp(env.browser, env.server, 'lang=en', { viewport });
    try {
      await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
      await page.waitForSelector('[data-inspector="A"]');
      assert.ok(await onScreen(page, '[data-inspector="A"] input[name="share_approved"]'));
      await page.uncheck('[data-inspector="A"] input[name="share_approved"]');
      await waitUntil(page, () => !document.querySelector('[data-view="bob/writer-v1"] [data-card-id="A"]'));
      assert.equal(await page.locator('[data-inspector="A"] [data-verdict]').getAttribute('data-verdict'), 'rejected');
    } finally {
      await page.context().close();
    }
  });
}

test('the rejected list opens its card beside the chart', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en', { viewport: { width: 1366, height: 768 } });
  try {
    await page.click('[data-rejected="Y"] button');
    await page.waitForSelector('[data-inspector="Y"]');
    await waitUntil(page, () => document.activeElement?.id === 'inspector-title');
    await page.check('[data-inspector="Y"] input[name="share_approved"]');
    await page.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
    assert.equal(await page.locator('[data-inspector="Y"] [data-verdict]').getAttribute('data-verdict'), 'accepted');
  } finally {
    await page.context().close();
  }
});
