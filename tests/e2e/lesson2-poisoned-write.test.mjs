// Lesson 2, exercise 3 (a poisoned write): open G2's history (the look-up
// is logged), roll it back with a reason: the cells are as before G2 and
// G2 stays in history, marked; a write by bob/writer-v1 of alice's card is
// refused. One wrong move first: a rollback without a reason is refused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, viewIds, withApp } from './harness.mjs';
import { act, logLines, missAndHint, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

test('lesson 2, exercise 3: find G2 in history, roll it back, and bob can not write for alice', async () => {
  await withApp(env, 'lesson=2&step=3&lang=en', async (page) => {
    await waitCell(page, 'bob/checker-v1', 'G2');
    assert.match(await missAndHint(page), /needs a reason/);

    await act(page, { actor: 'dana', card: 'G2', action: 'history' });
    await page.waitForSelector('[data-history="G2"]');
    assert.match(await page.locator('[data-history="G2"]').innerText(), /G → G2/);
    const looked = (await logLines(page)).filter((l) => l.kind === 'history');
    assert.deepEqual(looked.map((l) => [l.actor, l.card]), [['dana', 'G2']]);

    // The wrong move: no reason.
    await act(page, { actor: 'dana', card: 'G2', action: 'rollback', reason: '' });
    await page.waitForSelector('[data-panel="act"] [data-refusal="no_reason"]');
    await waitCell(page, 'bob/checker-v1', 'G2');

    await act(page, { actor: 'dana', card: 'G2', action: 'rollback', reason: 'poisoned: it drops the re-check of totals' });
    await waitCell(page, 'bob/checker-v1', 'G');
    await waitCell(page, 'bob/checker-v1', 'G2', false);
    // The history says G2 is rolled back; G2 is still a card.
    await page.waitForSelector('select[name="act-card"] option:text-is("G2 · rolled back")', { state: 'attached' });

    await act(page, { actor: 'bob/writer-v1', card: 'G', action: 'propose', draft: 'version' });
    await page.waitForSelector('[data-panel="act"] [data-refusal="not_writers_own"]');
    await waitDone(page);

    // Scrubbing back to tick 1 (before G2) shows the same cells as now.
    const now = await viewIds(page, 'alice/checker-v1');
    await page.click('[data-tick="1"]');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="1"]');
    assert.deepEqual(await viewIds(page, 'alice/checker-v1'), now);
    assert.deepEqual(pageErrors(page), []);
  });
});
