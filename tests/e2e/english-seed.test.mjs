// Issue 14, item 9: with the English UI a fresh start (or a reset) offers
// the seed in English: same ids and structure, an English query. The
// Chinese seed stays the default in 繁體中文 and on request (?seed=zh-TW).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, pageErrors, useBrowser, waitUntil, withApp, clickWork } from './harness.mjs';

const env = useBrowser();

const cardText = (page, viewer, id) => page.locator(`[data-view="${viewer}"] [data-card-id="${id}"] .lesson`).innerText();

test('English UI, fresh start: English cards and query, the same chart', async () => {
  await withApp(env, 'lang=en', async (page) => {
    assert.equal(await page.inputValue('input[name="query"]'), 'report');
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    assert.equal(await cardText(page, 'alice/writer-v1', 'A'), 'writer-v1: check headings.');
    assert.match(await cardText(page, 'alice/writer-v1', 'U'), /FAKE-ALICE-731/);
    assert.match(await page.locator('[data-preset="seed"]').textContent(), /report/);
    // Reset in English brings the English seed back.
    await page.fill('input[name="query"]', '');
    await clickWork(page, '[data-action="reset"]');
    await page.click('[data-action="confirm-reset"]');
    await waitUntil(page, () => document.querySelector('input[name="query"]').value === 'report');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('繁體中文 UI: the Chinese seed, as the CLI and the fixture have it', async () => {
  await withApp(env, 'lang=zh-TW', async (page) => {
    assert.equal(await page.inputValue('input[name="query"]'), '報告');
    assert.equal(await cardText(page, 'alice/writer-v1', 'G'), '報告中的總數要用原始列重新加總。');
  });
});

test('?seed=zh-TW keeps the Chinese seed under the English UI', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    assert.equal(await page.inputValue('input[name="query"]'), '報告');
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    assert.match(await page.locator('[data-preset="seed"]').textContent(), /報告/);
  });
});
