// Exercise 4, through the UI: approve Y (it reaches everyone, no alarm),
// answer the question wrong once (a hint shows), then right: step done.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, cardRow, pageErrors, useBrowser, waitForViews, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

const status = (page) =>
  page.$eval('[data-panel="lesson"]', (el) => ({
    step: el.getAttribute('data-lesson-step'),
    done: el.getAttribute('data-step-done'),
    status: el.querySelector('[data-step-status]')?.getAttribute('data-step-status') ?? null,
  }));

test('exercise 4: approve Y, one wrong answer earns a hint, the right one finishes the step', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.getByRole('button', { name: 'Step 4', exact: true }).click();
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"]')?.getAttribute('data-lesson-step') === '4');
    assert.deepEqual(await status(page), { step: '4', done: 'false', status: null });

    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    const expected = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
    assert.deepEqual(await waitForViews(page, expected), expected);
    assert.equal(await page.locator('[data-view] [data-leak]').count(), 0);
    await waitUntil(page, () =>
      Array.from(document.querySelectorAll('[data-panel="lesson"] .checklist li')).every((li) => li.getAttribute('data-done') === 'true'),
    );
    // The checks hold, but the question is not answered yet.
    assert.equal((await status(page)).done, 'false');

    // A wrong answer: marked, and what is missing appears (the question),
    // not a hint: hints come only when asked for.
    await page.check('input[name="answer-3"][value="2"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing="question"]');
    assert.equal(await page.locator('[data-panel="lesson"] [data-hint]').count(), 0, 'a wrong answer unlocks no hint');
    assert.match(await page.locator('label', { has: page.locator('input[name="answer-3"][value="2"]') }).innerText(), /not quite/);
    assert.deepEqual(await status(page), { step: '4', done: 'false', status: 'missing' });

    // The right answer: the takeaway shows and the step is done.
    await page.check('input[name="answer-3"][value="0"]');
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"] [data-step-status="done"]');
    assert.match(await page.locator('[data-panel="lesson"] .takeaway').innerText(), /enforce the labels/);
    assert.deepEqual(await status(page), { step: '4', done: 'true', status: 'done' });
    assert.equal(await page.getByRole('button', { name: 'Step 4 (done)', exact: true }).count(), 1);
    assert.deepEqual(pageErrors(page), []);
  });
});
