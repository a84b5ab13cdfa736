// Exercise 3, through the UI and in its order: hide the answers first, add
// Carol and a USER card for her, predict her two views, reveal; only her
// cells are graded, correct, and the step says it is done (issue 14, item 7).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

const lessonState = (page) =>
  page.$eval('[data-panel="lesson"]', (el) => ({
    step: el.getAttribute('data-lesson-step'),
    done: el.getAttribute('data-step-done'),
    status: el.querySelector('[data-step-status]')?.getAttribute('data-step-status') ?? null,
    checklist: Array.from(el.querySelectorAll('.checklist li'), (li) => li.getAttribute('data-done')),
  }));

test('exercise 3: add carol, her USER card, predict, reveal: done', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.getByRole('button', { name: 'Step 3', exact: true }).click();
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"]')?.getAttribute('data-lesson-step') === '3');
    assert.deepEqual(await lessonState(page), { step: '3', done: 'false', status: null, checklist: ['false', 'false', 'false'] });

    // Checking too early lists the three items still missing (no hint).
    await page.click('[data-action="check-step"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"]');
    assert.equal(await page.locator('[data-panel="lesson"] [data-missing="item"]').count(), 3);
    assert.equal(await page.locator('[data-panel="lesson"] [data-hint]').count(), 0);

    // Predict first: the answers are hidden before carol's cells exist.
    await page.click('[data-action="predict-mode"]');
    assert.equal(await page.locator('[data-view] [data-card-id]').count(), 0);
    // Add carol, then a card, and give it to her.
    await page.fill('input[name="new_user"]', 'carol');
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    await page.waitForSelector('[data-view="carol/writer-v1"]');
    await page.click('[data-action="add-card"]');
    await cardRow(page, 'N1').locator('select[name="owner_user"]').selectOption('carol');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .checklist li:nth-child(2)')?.getAttribute('data-done') === 'true');

    // Her cells appear without their answers. Predict them, then reveal.
    assert.equal(await page.locator('[data-view="carol/writer-v1"] [data-card-id]').count(), 0);
    const predictions = { 'carol/writer-v1': ['A', 'G', 'N1'], 'carol/checker-v1': ['G', 'N1'] };
    for (const [viewer, ids] of Object.entries(predictions)) {
      for (const id of ids) await page.check(`[data-view="${viewer}"] input[name="predict"][value="${id}"]`);
    }
    // While predicting, the views are hidden.
    assert.equal(await page.locator('[data-view] [data-card-id]').count(), 0);
    await page.click('[data-action="reveal"]');

    for (const viewer of Object.keys(predictions)) {
      assert.equal(await page.getAttribute(`[data-view="${viewer}"] [data-grade]`, 'data-grade'), 'correct', viewer);
      assert.equal(await page.locator(`[data-view="${viewer}"] [data-missing-id], [data-view="${viewer}"] [data-extra-id]`).count(), 0);
    }
    // The alice and bob cells this step doesn't ask about are shown, not graded.
    for (const viewer of ['alice/writer-v1', 'alice/checker-v1', 'bob/writer-v1', 'bob/checker-v1']) {
      assert.equal(await page.getAttribute(`[data-view="${viewer}"] [data-grade]`, 'data-grade'), 'not-asked', viewer);
    }
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"] [data-step-status="done"]');
    assert.deepEqual(await lessonState(page), { step: '3', done: 'true', status: 'done', checklist: ['true', 'true', 'true'] });
    // The step button says so too.
    assert.equal(await page.getByRole('button', { name: 'Step 3 (done)', exact: true }).count(), 1);
    assert.deepEqual(pageErrors(page), []);
  });
});
