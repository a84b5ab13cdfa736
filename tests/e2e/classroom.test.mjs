// Classroom mode and the URL flags a teacher uses to fit a lesson: large
// type, one panel at a time, the arrow keys step through the exercises,
// `?hide=` removes panels and `?step=` starts at a step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, pageErrors, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

test('?hide=editor,compare&lesson=1&step=3 hides those panels and starts at step 3', async () => {
  await withApp(env, 'lang=en&hide=editor,compare&lesson=1&step=3', async (page) => {
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    assert.equal(await page.locator('[data-panel="editor"]').count(), 0);
    assert.equal(await page.locator('[data-panel="compare"]').count(), 0);
    assert.equal(await page.locator('[data-panel="people"]').count(), 1);
    assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-lesson-step'), '3');
    assert.match(await page.locator('[data-panel="lesson"] h3').innerText(), /Add Carol/);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('classroom mode: one panel at a time, arrows step through the lesson', async () => {
  await withApp(env, 'lang=en&classroom', async (page) => {
    assert.equal(await page.locator('.app.classroom').count(), 1);
    // The chart shows; the other panels wait behind their tabs.
    assert.equal(await page.locator('[data-view]').count(), 4);
    assert.equal(await page.locator('[data-panel="editor"]').count(), 0);
    await page.click('[data-panel-tab="editor"]');
    await page.waitForSelector('[data-panel="editor"]');
    assert.equal(await page.locator('[data-view]').count(), 0);
    await page.click('[data-panel-tab="chart"]');
    await page.waitForSelector('[data-view]');

    // Arrow keys move between steps (not while typing in a field).
    await page.locator('#chart').focus();
    assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-lesson-step'), '1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[data-panel="lesson"][data-lesson-step="3"]');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('[data-panel="lesson"][data-lesson-step="2"]');
    await page.focus('input[name="query"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-lesson-step'), '2');
    assert.deepEqual(pageErrors(page), []);
  });
});
