// Lesson 2, exercises 5 and 6: the response cache. A query-only key serves
// bob/checker-v1 alice's cached answer and the chart's alarm fires; fixing
// the key cleans every replayed read. Revoking A leaves a stale copy served
// until purging is on. One wrong move each: "Check my work" too early.
// Changing the key or the purge is a reviewer's act: the learner acts as
// dana, with a reason, and the log keeps it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, formatViolations, pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, actIn, logLines, missAndHint, tick, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

const summary = (page) =>
  page.$eval('[data-panel="cache"] .cache-summary', (el) => ({ leaks: el.getAttribute('data-cache-leaks'), stale: el.getAttribute('data-cache-stale') }));

test('lesson 2, exercise 5: a query-only key leaks alice\'s canary to bob, a fixed key is clean', async () => {
  await withApp(env, 'lesson=2&step=5&lang=en', async (page) => {
    assert.deepEqual(await summary(page), { leaks: '0', stale: '0' });
    assert.equal(await page.locator('[data-served="true"]').count(), 0);
    assert.match(await missAndHint(page), /query alone/);

    await actIn(page, 'cache', { actor: 'dana', reason: 'one answer per query is cheaper' });
    for (const field of ['user', 'agent', 'policy_version']) {
      await tick(page, `[data-cache-key="${field}"]`, false);
    }
    const changes = (await logLines(page)).filter((l) => l.kind === 'cache');
    assert.equal(changes.length, 3);
    assert.ok(changes.every((l) => l.actor === 'dana' && l.text.includes('one answer per query is cheaper')), JSON.stringify(changes));
    await page.waitForSelector('[data-served="true"][data-leak="true"][data-reader="bob/checker-v1"]');
    assert.match(await page.locator('[data-served="true"][data-leak="true"]').innerText(), /FAKE-ALICE-731/);
    // The same alarm as in the chart.
    await page.waitForSelector('#chart [data-cache-leak-total="1"]');
    const violations = await axeScan(page);
    assert.equal(violations.length, 0, formatViolations(violations));

    await tick(page, '[data-cache-key="user"]', true);
    await tick(page, '[data-cache-key="agent"]', true);
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

    await actIn(page, 'cache', { actor: 'dana', reason: 'stale copies were served' });
    await tick(page, '[data-panel="cache"] input[name="purge"]', true);
    await page.waitForSelector('[data-panel="cache"] .cache-summary[data-cache-stale="0"]');
    assert.ok((await page.locator('[data-purge="A"]').count()) >= 1);
    await waitDone(page);
    assert.match(await page.locator('[data-panel="lesson"]').innerText(), /Should-see retrieved|should-see/i);
    assert.deepEqual(pageErrors(page), []);
  });
});
