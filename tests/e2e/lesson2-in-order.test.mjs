// Issue 50, item 3: lesson 2's eight exercises solved in order in one work,
// each as its task and hints say, going on with Next each time: each step
// starts where the one before ended (exercise 5 after U was deleted in
// exercise 4, exercise 6 with A published since exercise 1), and every
// step is marked solved at the end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { act, actIn, tick, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

async function next(page, n) {
  await page.getByRole('button', { name: 'Next →', exact: true }).click();
  await page.waitForSelector(`[data-panel="lesson"][data-lesson-step="${n}"]`);
}

async function addUser(page, name) {
  await page.fill('input[name="new_user"]', name);
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  await page.waitForSelector(`[data-view="${name}/writer-v1"]`, { state: 'attached' });
}

test('lesson 2: the eight exercises solved in order, in one work', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    // 1. The writer is refused; the reviewer dana publishes A.
    await act(page, { actor: 'writer-v1', card: 'A', action: 'publish' });
    await page.waitForSelector('[data-panel="act"] [data-refusal="not_a_reviewer"]');
    await act(page, { actor: 'dana', card: 'A', action: 'publish' });
    await waitCell(page, 'bob/writer-v1', 'A');
    await waitDone(page);

    // 2. The question; writer-v2; A's copy proposed and published.
    await next(page, 2);
    await page.check('input[name="answer-1"][value="2"]');
    await page.fill('input[name="new_agent"]', 'writer-v2');
    await page.getByRole('button', { name: 'Add agent', exact: true }).click();
    await page.waitForSelector('[data-view="bob/writer-v2"]', { state: 'attached' });
    await act(page, { actor: 'alice/writer-v2', card: 'A', draft: 'copy', action: 'propose' });
    await page.waitForSelector('select[name="act-card"] option:text-is("A2 · candidate")', { state: 'attached' });
    await act(page, { actor: 'dana', card: 'A2', action: 'publish' });
    await waitCell(page, 'bob/writer-v2', 'A2');
    await waitDone(page);

    // 3. G2's history, rolled back with a reason; bob can't write for alice.
    await next(page, 3);
    await act(page, { actor: 'dana', card: 'G2', action: 'history' });
    await page.waitForSelector('[data-history="G2"]');
    await act(page, { actor: 'dana', card: 'G2', action: 'rollback', reason: 'poisoned: it drops the re-check of totals' });
    await waitCell(page, 'bob/checker-v1', 'G2', false);
    await act(page, { actor: 'bob/writer-v1', card: 'G', action: 'propose', draft: 'version' });
    await page.waitForSelector('[data-panel="act"] [data-refusal="not_writers_own"]');
    await waitDone(page);

    // 4. Forget U; look at an earlier tick; back to now.
    await next(page, 4);
    await act(page, { actor: 'alice', card: 'U', action: 'delete', reason: 'alice asked to be forgotten' });
    await waitCell(page, 'alice/writer-v1', 'U', false);
    await page.click('[data-tick="0"]');
    await page.waitForSelector('[data-not-in-effect="U"]');
    await waitDone(page);
    await page.click('[data-action="back-to-now"]');
    await page.waitForSelector('#chart [data-past]', { state: 'detached' });

    // 5. With U deleted, as the task says: keep the agent in the key, and
    // alice/checker-v1 asks: she is served bob/checker-v1's answer.
    await next(page, 5);
    assert.match(await page.locator('[data-panel="lesson"] .task').innerText(), /U deleted in exercise 4\?/);
    await actIn(page, 'cache', { actor: 'dana', reason: 'one answer per agent and query is cheaper' });
    for (const field of ['user', 'policy_version']) await tick(page, `[data-cache-key="${field}"]`, false);
    await act(page, { actor: 'alice/checker-v1', action: 'read' });
    await page.waitForSelector('[data-served="true"][data-leak="true"][data-reader="alice/checker-v1"]');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .checklist li')?.getAttribute('data-done') === 'true');
    // Who acts is one choice for every panel: dana again, to mend the key.
    await actIn(page, 'cache', { actor: 'dana', reason: 'one answer per viewer' });
    for (const field of ['user', 'policy_version']) await tick(page, `[data-cache-key="${field}"]`, true);
    await waitDone(page);

    // 6. A is published since exercise 1: ask, revoke, ask again, purge.
    await next(page, 6);
    await act(page, { actor: 'bob/writer-v1', action: 'read' });
    await act(page, { actor: 'dana', card: 'A', action: 'revoke', reason: 'no longer checked' });
    await waitCell(page, 'bob/writer-v1', 'A', false);
    await act(page, { actor: 'bob/writer-v1', action: 'read' });
    await page.waitForSelector('[data-served="true"][data-stale="true"][data-reader="bob/writer-v1"]');
    await actIn(page, 'cache', { actor: 'dana', reason: 'stale copies were served' });
    await tick(page, '[data-panel="cache"] input[name="purge"]', true);
    await waitDone(page);

    // 7. The clock past tick 7; S moved to the hot tier.
    await next(page, 7);
    while (await page.locator('[data-tick="7"]').count() === 0) {
      const ticks = await page.locator('[data-tick]').count();
      await page.click('[data-panel="retention"] [data-action="advance"]');
      await waitUntil(page, (n) => document.querySelectorAll('[data-tick]').length > n, ticks);
    }
    await act(page, { card: 'S' });
    await page.waitForSelector('[data-retention-card="S"]');
    await page.selectOption('[data-panel="retention"] select[name="tier"]', 'hot');
    await waitDone(page);

    // 8. dave and erin; the question; the report team of three.
    await next(page, 8);
    await addUser(page, 'dave');
    await addUser(page, 'erin');
    await page.check('input[name="answer-7"][value="3"]');
    await actIn(page, 'groups', { actor: 'dana', reason: 'dave joined the report team' });
    await tick(page, '[data-group="report-team"][data-member="dave"]', true);
    await waitCell(page, 'dave/writer-v1', 'T');
    await waitDone(page);

    const marks = await page.$$eval('[data-panel="lesson"] .marks li', (lis) => lis.map((li) => li.getAttribute('data-mark')));
    assert.deepEqual(marks, Array(8).fill('solved'));
    assert.deepEqual(pageErrors(page), []);
  });
});
