// Issue 14, item 8: the comparison says what each pooled number counts:
// "forbidden appeared" counts (viewer, card) pairs, the leak total counts
// canary sightings.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

test('the pooled policy’s two numbers each say what they count', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const compare = page.locator('[data-panel="compare"]');
    await compare.scrollIntoViewIfNeeded();
    // The panel skips its rendering until it is near the screen
    // (content-visibility: auto): its text is read once it is rendered.
    await page.waitForFunction(() => document.querySelector('[data-panel="compare"] [data-score="UnsafePool"] [data-forbidden]')?.innerText.trim());
    assert.equal(await compare.locator('[data-score="UnsafePool"] [data-forbidden]').getAttribute('data-forbidden'), '8');
    assert.equal(await compare.locator('tfoot td[data-leaks]').nth(2).getAttribute('data-leaks'), '6');
    // The units are in the cells and the headers.
    assert.match(await compare.locator('[data-score="UnsafePool"] [data-forbidden]').innerText(), /8 pairs/);
    assert.match(await compare.locator('tfoot td[data-leaks]').nth(2).innerText(), /6 canary leaks/);
    assert.match(await compare.locator('.scorecards thead').innerText(), /\(viewer, card\) pairs/);
    const note = await compare.locator('[data-count-note]').innerText();
    assert.match(note, /“Forbidden appeared” counts \(viewer, card\) pairs/);
    assert.match(note, /pooled, that is 8/);
    assert.match(note, /“Canary leaks” count only fake secrets/);
    assert.match(note, /pooled, that is 6/);
  });
});

test('繁體中文: 兩個數字各自說明算的是什麼', async () => {
  await withApp(env, 'lang=zh-TW', async (page) => {
    const note = await page.locator('[data-count-note]').textContent();
    assert.match(note, /算 \(身分, 卡片\) 組數/);
    assert.match(note, /共 8 組/);
    assert.match(note, /共 6 次/);
  });
});
