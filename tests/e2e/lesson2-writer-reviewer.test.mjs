// Lesson 2, exercise 1 (writer is not reviewer): a candidate AGENT card
// reaches nobody; publishing it as its writer is refused in the policy's
// words; a reviewer publishes it, bob · writer-v1 retrieves it and the log
// shows both. One wrong move first: "Check my work" too early earns the hint.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, lessonStatus, logLines, missAndHint, refusal, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

test('lesson 2, exercise 1: the writer is refused, a reviewer publishes, the log shows both', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    assert.deepEqual(await lessonStatus(page), { lesson: '2', step: '1', done: 'false', status: null });
    // A candidate reaches nobody.
    assert.equal(await page.locator('[data-view] [data-card-id="A"]').count(), 0);

    // The wrong move: nothing done yet, and the hint says what to try.
    assert.match(await missAndHint(page), /listed reviewer/);

    await act(page, { actor: 'writer-v1', card: 'A', action: 'publish' });
    await page.waitForSelector('[data-panel="act"] [data-refusal]');
    const refused = await refusal(page);
    assert.equal(refused.code, 'not_a_reviewer');
    assert.match(refused.text, /writer-v1 is not a listed reviewer/);
    assert.equal(await page.locator('[data-view] [data-card-id="A"]').count(), 0);

    await act(page, { actor: 'dana', card: 'A', action: 'publish' });
    await waitCell(page, 'bob/writer-v1', 'A');
    assert.equal(await refusal(page), null);
    await waitCell(page, 'bob/checker-v1', 'A', false);
    await waitDone(page);

    const lines = await logLines(page);
    const onA = lines.filter((l) => l.card === 'A').map((l) => [l.kind, l.actor]);
    assert.deepEqual(onA, [['propose', 'alice/writer-v1'], ['publish', 'dana']]);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 2, exercise 1 in 繁體中文: the refusal is in words, not a code', async () => {
  await withApp(env, 'lesson=2&lang=zh-TW', async (page) => {
    await act(page, { actor: 'alice/writer-v1', card: 'A', action: 'publish' });
    await page.waitForSelector('[data-panel="act"] [data-refusal]');
    assert.match((await refusal(page)).text, /不在審查者名單上/);
    assert.match(await page.locator('[data-panel="lesson"] h2').innerText(), /第 2 課/);
    assert.deepEqual(pageErrors(page), []);
  });
});
