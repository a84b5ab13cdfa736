// A full or unavailable localStorage: the app says so once, in words, and
// keeps working in memory.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, cardRow, openPage, pageErrors, useBrowser, waitForNotice, waitForViews } from './harness.mjs';

const env = useBrowser();

async function check(breakStorage) {
  const context = await env.browser.newContext();
  try {
    await context.addInitScript(breakStorage);
    const page = await openPage(context, env.server, 'lang=en');
    assert.match(await waitForNotice(page, 'error', "The browser can't save"), /your work lives in this tab only; export it to keep a copy/);
    // Edits still work.
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    const withY = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
    assert.deepEqual(await waitForViews(page, withY), withY);
    await page.keyboard.press('Control+z');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
}

test('a full localStorage (setItem throws) is reported and the work goes on', async () => {
  await check(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
});

test('a disabled localStorage (the getter throws) is reported and the work goes on', async () => {
  await check(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
});
