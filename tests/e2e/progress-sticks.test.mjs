// Issue 14, bug 1: a finished exercise keeps its ✓ whatever later steps
// change, and the ✓ marks and quiz answers survive a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, openPage, pageErrors, useBrowser, waitUntil, waitForSavedWork } from './harness.mjs';

const env = useBrowser();

const doneSteps = (page) =>
  page.$$eval('[data-panel="lesson"] .steps button', (els) => els.filter((b) => b.textContent.includes('✓')).map((b) => b.textContent.trim()));

test('finished exercises keep their ✓ after leaving predict mode and after a reload', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await openPage(context, env.server, 'lang=en');
    // Exercise 1: predict the four seed cells right, reveal.
    await page.click('[data-action="predict-mode"]');
    for (const [viewer, ids] of Object.entries(SEED_VIEWS)) {
      for (const id of ids) await page.check(`[data-view="${viewer}"] input[name="predict"][value="${id}"]`);
    }
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"]');
    // Leave predict mode: the checks no longer hold, the ✓ stays.
    await page.click('[data-action="predict-mode"]');
    await page.waitForSelector('[data-view] [data-card-id]');
    assert.deepEqual(await doneSteps(page), ['1✓']);
    assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-step-done'), 'true');

    // Exercise 2: answer right.
    await page.getByRole('button', { name: 'Step 2', exact: true }).click();
    await page.check('input[name="answer-1"][value="2"]');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"]')?.getAttribute('data-step-done') === 'true');
    assert.deepEqual(await doneSteps(page), ['1✓', '2✓']);
    // The autosave waits for a pause: the two steps done and the answer.
    await waitForSavedWork(page, (work) => (work.playground?.progress?.done ?? []).length === 2 && Object.keys(work.playground?.progress?.answers ?? {}).length === 1);

    const again = await openPage(context, env.server, 'lang=en');
    await waitUntil(again, () => document.querySelectorAll('[data-panel="lesson"] .steps button').length === 7);
    assert.deepEqual(await doneSteps(again), ['1✓', '2✓']);
    assert.equal(await again.isChecked('input[name="answer-1"][value="2"]'), true, 'the quiz answer is kept');
    assert.deepEqual(pageErrors(page), []);
    assert.deepEqual(pageErrors(again), []);
  } finally {
    await context.close();
  }
});
