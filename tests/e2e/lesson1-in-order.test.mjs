// Issue 50, item 3: lesson 1's seven exercises solved in order in one work,
// each as its task and hints say, going on with Next each time: each step
// starts where the one before ended (exercise 7 finds Y approved since
// exercise 4), and every step is marked solved at the end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

/** Next, and wait for step `n` (its title has the focus: next-task.test.mjs). */
async function next(page, n) {
  await page.getByRole('button', { name: 'Next →', exact: true }).click();
  await page.waitForSelector(`[data-panel="lesson"][data-lesson-step="${n}"]`);
}

/** Answers the step's question: each option in turn until the right one. */
async function answer(page) {
  const options = page.locator('[data-panel="lesson"] .question input[type="radio"]');
  const count = await options.count();
  assert.ok(count > 0, 'the step asks a question');
  for (let i = 0; i < count; i += 1) {
    await options.nth(i).check();
    await page.waitForSelector('[data-panel="lesson"] .question .ok, [data-panel="lesson"] .question .off');
    if ((await page.locator('[data-panel="lesson"] .question .ok').count()) > 0) return;
  }
  assert.fail('no option is right');
}

/** Predicts `cells` ({ viewer: [ids] }) with the answers hidden, then reveals. */
async function predictAndReveal(page, cells) {
  for (const [viewer, ids] of Object.entries(cells)) {
    for (const id of ids) await page.check(`[data-view="${viewer}"] input[name="predict"][value="${id}"]`);
  }
  await page.click('[data-action="reveal"]');
}

const record = async (page, rows) => {
  await page.click('[data-action="record"]');
  await waitUntil(page, (n) => document.querySelectorAll('.record-table tbody tr').length === n, rows);
};

test('lesson 1: the seven exercises solved in order, in one work', async () => {
  await withApp(env, 'lesson=1&lang=en', async (page) => {
    // 1. Predict the four views, then reveal.
    await page.click('[data-action="predict-mode"]');
    await predictAndReveal(page, {
      'alice/writer-v1': ['P', 'U', 'A', 'G'],
      'alice/checker-v1': ['U', 'G'],
      'bob/writer-v1': ['A', 'G', 'B'],
      'bob/checker-v1': ['G', 'B'],
    });
    await waitDone(page);

    // 2. Why does Bob see A but not U? The question.
    await next(page, 2);
    await page.click('[data-action="predict-mode"]');
    await answer(page);
    await waitDone(page);

    // 3. Predict first, then add carol and her USER card, then reveal.
    await next(page, 3);
    await page.click('[data-action="predict-mode"]');
    await page.fill('input[name="new_user"]', 'carol');
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    await page.waitForSelector('[data-view="carol/writer-v1"]');
    await page.click('[data-action="add-card"]');
    const added = await page.$$eval('tr[data-card]', (rows) => rows.at(-1).getAttribute('data-card'));
    await cardRow(page, added).locator('select[name="owner_user"]').selectOption('carol');
    await predictAndReveal(page, { 'carol/writer-v1': ['A', 'G', added], 'carol/checker-v1': ['G', added] });
    await waitDone(page);

    // 4. Approve Y, from "Rejected cards", and answer.
    await next(page, 4);
    await page.click('[data-action="predict-mode"]');
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await answer(page);
    await waitDone(page);

    // 5. X to the reusable stream: the alarm, then Undo.
    await next(page, 5);
    await cardRow(page, 'X').locator('select[name="stream"]').selectOption('reusable');
    await page.waitForSelector('[data-view="bob/writer-v1"] [data-leak]');
    await page.keyboard.press('Control+z');
    await waitDone(page);

    // 6. Four changes, the scorecards recorded before and after each.
    await next(page, 6);
    await record(page, 1);
    await cardRow(page, 'A').locator('input[name="share_approved"]').uncheck();
    await record(page, 2);
    await page.getByRole('button', { name: 'Delete (U)', exact: true }).click();
    await record(page, 3);
    await page.fill('input[name="new_agent"]', 'writer-v2');
    await page.getByRole('button', { name: 'Add agent', exact: true }).click();
    await page.waitForSelector('[data-view="alice/writer-v2"]');
    await record(page, 4);
    await page.fill('input[name="new_user"]', 'zed');
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    await page.waitForSelector('[data-view="zed/writer-v1"]');
    await record(page, 5);
    await waitDone(page);

    // 7. Y is approved since exercise 4: its first item holds already;
    // rewrite Y's lesson without the clues.
    await next(page, 7);
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .checklist li')?.getAttribute('data-done') === 'true');
    await cardRow(page, 'Y').locator('[name="lesson"]').fill('Report: prefer blue.');
    await waitDone(page);

    const marks = await page.$$eval('[data-panel="lesson"] .marks li', (lis) => lis.map((li) => li.getAttribute('data-mark')));
    assert.deepEqual(marks, Array(7).fill('solved'));
    assert.deepEqual(pageErrors(page), []);
  });
});
