// Lesson 2, exercise 2 (writer-v1 → writer-v2): a wrong answer earns the
// hint; adding writer-v2 shows it has no A; a copy proposed as
// alice/writer-v2 reaches nobody until someone other than its writer
// publishes it; A stays as it was for writer-v1.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, lessonStatus, refusal, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

test('lesson 2, exercise 2: carry A over to writer-v2 as a new candidate', async () => {
  await withApp(env, 'lesson=2&step=2&lang=en', async (page) => {
    assert.equal((await lessonStatus(page)).step, '2');
    // Exercise 1's publication first (A must be in effect for writer-v1).
    await act(page, { actor: 'dana', card: 'A', action: 'publish' });
    await waitCell(page, 'bob/writer-v1', 'A');

    // A wrong answer: what is missing shows (the question), no hint; the
    // hint comes when asked for.
    await page.check('input[name="answer-1"][value="0"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing="question"]');
    assert.equal(await page.locator('[data-panel="lesson"] [data-hint]').count(), 0);
    await page.click('[data-action="next-hint"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="hint"]');
    assert.match(await page.locator('[data-step-status="hint"]').innerText(), /follows writer-v1/);
    await page.check('input[name="answer-1"][value="2"]');

    await page.fill('input[name="new_agent"]', 'writer-v2');
    await page.getByRole('button', { name: 'Add agent' }).click();
    await page.waitForSelector('[data-view="bob/writer-v2"]', { state: 'attached' });
    assert.equal(await page.locator('[data-view="bob/writer-v2"] [data-card-id^="A"]').count(), 0);

    await act(page, { actor: 'alice/writer-v2', card: 'A', draft: 'copy', action: 'propose' });
    await page.waitForSelector('select[name="act-card"] option:text-is("A2 · candidate")', { state: 'attached' });
    assert.equal(await page.locator('[data-view] [data-card-id="A2"]').count(), 0);

    await act(page, { actor: 'alice', card: 'A2', action: 'publish' });
    await page.waitForSelector('[data-panel="act"] [data-refusal="not_a_reviewer"]');
    await act(page, { actor: 'dana', card: 'A2', action: 'publish' });
    await waitCell(page, 'bob/writer-v2', 'A2');
    await waitCell(page, 'alice/writer-v2', 'A2');
    assert.equal(await refusal(page), null);
    // A is unchanged for writer-v1.
    await waitCell(page, 'bob/writer-v1', 'A');
    await waitCell(page, 'bob/writer-v1', 'A2', false);
    await waitDone(page);
    assert.deepEqual(pageErrors(page), []);
  });
});
