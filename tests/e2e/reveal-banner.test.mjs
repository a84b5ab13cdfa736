// Issue 14, bug 2: after "Reveal and grade" the banner no longer says the
// answers are hidden.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

test('after reveal the banner reports the alarms, not hidden answers', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.click('[data-action="predict-mode"]');
    assert.match(await page.locator('.alarm-summary').innerText(), /answers are hidden/);
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-grade]');
    const banner = await page.locator('.alarm-summary').innerText();
    assert.doesNotMatch(banner, /hidden/);
    assert.match(banner, /No leaks/);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('繁體中文: 揭曉後橫幅不再說答案藏起來', async () => {
  await withApp(env, 'lang=zh-TW', async (page) => {
    await page.click('[data-action="predict-mode"]');
    await page.click('[data-action="reveal"]');
    await waitUntil(page, () => !document.querySelector('.alarm-summary').textContent.includes('藏起來'));
    assert.match(await page.locator('.alarm-summary').innerText(), /沒有外洩/);
  });
});
