// ?lesson=2 opens lesson 2 as a work of its own, on the story workspace,
// without losing the learner's lesson-1 work: that stays in its slot and
// comes back with ?lesson=1 (or from Recent work). ?lesson=2&step=N opens
// step N. Without ?lesson, lesson 1 is exactly as before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, openPage, pageErrors, useBrowser, waitForNotice, withApp, waitForSavedWork } from './harness.mjs';
import { lessonStatus } from './lesson2-helpers.mjs';

const env = useBrowser();

test('?lesson=2 keeps the lesson-1 work, and ?lesson=1 brings it back', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const one = await openPage(context, env.server, 'lang=en');
    assert.equal(await one.locator('[data-panel="timeline"]').count(), 0, 'lesson 1 has no timeline');
    await cardRow(one, 'Y').locator('input[name="share_approved"]').check();
    await one.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
    await one.close();

    const two = await openPage(context, env.server, 'lesson=2&lang=en');
    assert.deepEqual(await lessonStatus(two), { lesson: '2', step: '1', done: 'false', status: null });
    await two.waitForSelector('[data-panel="timeline"]');
    await waitForNotice(two, 'info', 'lesson 2');
    // The story's cards: A is a candidate, carol is a user.
    await two.waitForSelector('[data-view="carol/writer-v1"]', { state: 'attached' });
    assert.equal(await two.locator('[data-view] [data-card-id="Y"]').count(), 0);
    await waitForSavedWork(two, (work) => work.users.includes('carol') && work.playground?.course === '2');
    await two.close();

    const back = await openPage(context, env.server, 'lesson=1&lang=en');
    await back.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
    assert.equal(await back.locator('[data-panel="timeline"]').count(), 0);
    assert.equal((await lessonStatus(back)).lesson, '1');
    await back.close();

    // And lesson 2's own work is found again.
    const again = await openPage(context, env.server, 'lesson=2&lang=en');
    await again.waitForSelector('[data-panel="timeline"]');
    assert.equal((await lessonStatus(again)).lesson, '2');
    assert.deepEqual(pageErrors(again), []);
  } finally {
    await context.close();
  }
});

test('?lesson=2&step=3 opens lesson 2 at step 3', async () => {
  await withApp(env, 'lesson=2&step=3&lang=zh-TW', async (page) => {
    assert.deepEqual(await lessonStatus(page), { lesson: '2', step: '3', done: 'false', status: null });
    assert.match(await page.locator('[data-panel="lesson"] h3').innerText(), /有毒的寫入/);
  });
});
