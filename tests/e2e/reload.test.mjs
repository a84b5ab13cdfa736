// Autosave: edit, reload, and the exact state comes back: cards, users,
// canaries, query, predictions, language and lesson step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allViews, cardRow, pageErrors, useBrowser, waitForViews, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

test('edit → reload → the same views and the same work', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    // A handful of different edits.
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.getByRole('button', { name: 'Delete (P)', exact: true }).click();
    await page.fill('input[name="new_user"]', 'carol');
    await page.press('input[name="new_user"]', 'Enter');
    await page.waitForSelector('[data-view="carol/writer-v1"]');
    await page.fill('#new-canary-carol', 'FAKE-CAROL-123');
    await page.press('#new-canary-carol', 'Enter');
    await page.waitForSelector('[data-canary="FAKE-CAROL-123"]');
    await cardRow(page, 'A').locator('textarea[name="lesson"]').fill('報告 A, rewritten: FAKE-CAROL-123');
    await page.getByRole('button', { name: 'Step 3', exact: true }).click();
    await page.click('[data-action="predict-mode"]');
    await page.check('[data-view="carol/checker-v1"] input[name="predict"][value="G"]');
    await page.click('[data-action="predict-mode"]'); // back to exploring
    await page.waitForSelector('[data-view] [data-card-id]');

    const expected = {
      'alice/writer-v1': ['U', 'A', 'G', 'Y'],
      'alice/checker-v1': ['U', 'G', 'Y'],
      'bob/writer-v1': ['A', 'G', 'B', 'Y'],
      'bob/checker-v1': ['G', 'B', 'Y'],
      'carol/writer-v1': ['A', 'G', 'Y'],
      'carol/checker-v1': ['G', 'Y'],
    };
    assert.deepEqual(await waitForViews(page, expected), expected);
    const leaksBefore = await page.$$eval('[data-view] [data-leak]', (els) => els.map((el) => el.closest('[data-view]').getAttribute('data-view')));
    assert.deepEqual(leaksBefore, ['alice/writer-v1', 'bob/writer-v1']);

    // Reload without ?lang: the saved language is English too.
    await page.goto(env.server.url);
    await page.waitForSelector('[data-view]');
    assert.deepEqual(await allViews(page), expected);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true);
    assert.equal(await cardRow(page, 'A').locator('textarea[name="lesson"]').inputValue(), '報告 A, rewritten: FAKE-CAROL-123');
    assert.equal(await page.locator('[data-canary="FAKE-CAROL-123"]').count(), 1);
    assert.equal(await page.inputValue('input[name="query"]'), '報告');
    assert.deepEqual(
      await page.$$eval('[data-view] [data-leak]', (els) => els.map((el) => el.closest('[data-view]').getAttribute('data-view'))),
      leaksBefore,
    );
    assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-lesson-step'), '3');
    await page.click('[data-action="predict-mode"]');
    await waitUntil(page, () => document.querySelector('[data-view="carol/checker-v1"] input[name="predict"][value="G"]')?.checked === true);
    assert.deepEqual(
      await page.$$eval('input[name="predict"]:checked', (els) => els.map((el) => `${el.closest('[data-view]').getAttribute('data-view')}:${el.value}`)),
      ['carol/checker-v1:G'],
    );
    assert.deepEqual(pageErrors(page), []);
  });
});
