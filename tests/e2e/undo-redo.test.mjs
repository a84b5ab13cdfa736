// Undo and redo for every edit, by keyboard (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y)
// and by button; a run of keystrokes in one field is one step; "Reset to the
// seed" asks first and can be undone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, cardRow, pageErrors, useBrowser, waitForViews, waitUntil, withApp, clickWork, clickPreset } from './harness.mjs';

const env = useBrowser();

const withY = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
const withYnoG = Object.fromEntries(Object.entries(withY).map(([v, ids]) => [v, ids.filter((id) => id !== 'G')]));

test('Ctrl+Z undoes and Ctrl+Shift+Z redoes, edit by edit', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    assert.deepEqual(await waitForViews(page, withY), withY);
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    assert.deepEqual(await waitForViews(page, withYnoG), withYnoG);

    await page.keyboard.press('Control+z');
    assert.deepEqual(await waitForViews(page, withY), withY);
    await page.keyboard.press('Control+z');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), false);
    assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true);

    await page.keyboard.press('Control+Shift+z');
    assert.deepEqual(await waitForViews(page, withY), withY);
    await page.keyboard.press('Control+y');
    assert.deepEqual(await waitForViews(page, withYnoG), withYnoG);
    assert.equal(await page.getByRole('button', { name: 'Redo', exact: true }).isDisabled(), true);

    // A new edit after an undo drops the redo branch.
    await page.keyboard.press('Control+z');
    assert.deepEqual(await waitForViews(page, withY), withY);
    await clickPreset(page, 'injection');
    await waitUntil(page, () => document.querySelector('[data-view] [data-card-id]') === null);
    assert.equal(await page.getByRole('button', { name: 'Redo', exact: true }).isDisabled(), true);
    assert.deepEqual(pageErrors(page), []);
  });
});

// A tick or a choice in a card's field is held until the frame that shows
// it (issue 25: the views follow one frame later); anything done before
// that frame must still come after it, in order.
test('a ticked box and an undo in the same moment: the tick, then its undo', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    const box = 'tr[data-card="Y"] input[name="share_approved"]';
    await page.waitForSelector(box);
    // Both in one task: the held tick has not been applied yet.
    await page.evaluate((box) => {
      document.querySelector(box).click();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    }, box);
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    await waitUntil(page, () => !document.querySelector('tr[data-card="Y"] input[name="share_approved"]').checked);
    // The tick is the step undone: redo brings it back.
    assert.equal(await page.getByRole('button', { name: 'Redo', exact: true }).isDisabled(), false);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    assert.deepEqual(await waitForViews(page, withY), withY);

    // Two fields in one moment: two steps, in order. Undo takes back the
    // second (X's stream) and leaves the first (Y's approval).
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    await page.evaluate((box) => {
      document.querySelector(box).click();
      const stream = document.querySelector('tr[data-card="X"] select[name="stream"]');
      stream.value = 'reusable';
      stream.dispatchEvent(new Event('change', { bubbles: true }));
    }, box);
    await waitUntil(page, () => document.querySelector('[data-view="bob/writer-v1"] [data-card-id="X"]') !== null);
    await page.keyboard.press('Control+z');
    assert.deepEqual(await waitForViews(page, withY), withY);
    assert.equal(await page.$eval('tr[data-card="X"] select[name="stream"]', (s) => s.value), 'protected');
    assert.equal(await page.$eval(box, (b) => b.checked), true);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('typing in one field is one undo step, even with focus in the field', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    await page.click('input[name="query"]');
    await page.keyboard.press('End');
    await page.keyboard.type('暗號');
    await waitUntil(page, () => document.querySelector('input[name="query"]').value === '報告暗號');
    // Only B (and the rejected X) hold 報告暗號.
    const expected = {
      'alice/writer-v1': [],
      'alice/checker-v1': [],
      'bob/writer-v1': ['B'],
      'bob/checker-v1': ['B'],
    };
    assert.deepEqual(await waitForViews(page, expected), expected);
    await page.keyboard.press('Control+z');
    await waitUntil(page, () => document.querySelector('input[name="query"]').value === '報告');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    await page.keyboard.press('Control+Shift+Z');
    await waitUntil(page, () => document.querySelector('input[name="query"]').value === '報告暗號');
    assert.deepEqual(await waitForViews(page, expected), expected);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('reset to the seed asks first, and Undo brings the work back', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    assert.deepEqual(await waitForViews(page, withYnoG), withYnoG);

    await clickWork(page, '[data-action="reset"]');
    // Nothing happens until it is confirmed.
    await page.waitForSelector('[data-action="confirm-reset"]');
    assert.deepEqual(await waitForViews(page, withYnoG), withYnoG);
    await page.click('[data-action="confirm-reset"]');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.deepEqual(await waitForViews(page, withYnoG), withYnoG);
    assert.deepEqual(pageErrors(page), []);
  });
});
