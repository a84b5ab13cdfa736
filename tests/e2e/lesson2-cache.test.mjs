// Lesson 2, exercises 5 and 6: the response cache. A query-only key serves
// bob/checker-v1 alice's cached answer and the chart's alarm fires; fixing
// the key cleans every replayed read. Revoking A leaves a stale copy served
// until purging is on. One wrong move each: "Check my work" too early.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, formatViolations, pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, missAndHint, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

const summary = (page) =>
  page.$eval('[data-panel="cache"] .cache-summary', (el) => ({ leaks: el.getAttribute('data-cache-leaks'), stale: el.getAttribute('data-cache-stale') }));

test('lesson 2, exercise 5: a query-only key leaks alice\'s canary to bob, a fixed key is clean', async () => {
  await withApp(env, 'lesson=2&step=5&lang=en', async (page) => {
    assert.deepEqual(await summary(page), { leaks: '0', stale: '0' });
    assert.equal(await page.locator('[data-served="true"]').count(), 0);
    assert.match(await missAndHint(page), /query alone/);

    for (const field of ['user', 'agent', 'policy_version']) {
      await page.uncheck(`[data-cache-key="${field}"]`);
    }
    await page.waitForSelector('[data-served="true"][data-leak="true"][data-reader="bob/checker-v1"]');
    assert.match(await page.locator('[data-served="true"][data-leak="true"]').innerText(), /FAKE-ALICE-731/);
    // The same alarm as in the chart.
    await page.waitForSelector('#chart [data-cache-leak-total="1"]');
    const violations = await axeScan(page);
    assert.equal(violations.length, 0, formatViolations(violations));

    await page.check('[data-cache-key="user"]');
    await page.check('[data-cache-key="agent"]');
    await page.waitForSelector('[data-panel="cache"] .cache-summary[data-cache-leaks="0"][data-cache-stale="0"]');
    assert.equal(await page.locator('#chart [data-cache-leak-total]').count(), 0);
    await waitDone(page);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 2, exercise 6: revoke A, see the stale copy, purge, scorecards stay right', async () => {
  await withApp(env, 'lesson=2&step=6&lang=en', async (page) => {
    assert.match(await missAndHint(page), /copies already cached/);
    await act(page, { actor: 'dana', card: 'A', action: 'publish' });
    await waitCell(page, 'bob/writer-v1', 'A');
    await act(page, { actor: 'bob/writer-v1', action: 'read' });
    await act(page, { actor: 'dana', card: 'A', action: 'revoke', reason: 'no longer checked' });
    await waitCell(page, 'bob/writer-v1', 'A', false);
    await act(page, { actor: 'bob/writer-v1', action: 'read' });
    await page.waitForSelector('[data-served="true"][data-stale="true"][data-reader="bob/writer-v1"]');
    assert.match(await page.locator('[data-stale="true"]').innerText(), /A must not reach this reader now/);

    await page.check('input[name="purge"]');
    await page.waitForSelector('[data-panel="cache"] .cache-summary[data-cache-stale="0"]');
    assert.ok((await page.locator('[data-purge="A"]').count()) >= 1);
    await waitDone(page);
    assert.match(await page.locator('[data-panel="lesson"]').innerText(), /Should-see retrieved|should-see/i);
    assert.deepEqual(pageErrors(page), []);
  });
});
