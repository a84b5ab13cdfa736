// Add Carol and a USER card for her: the grid grows a row, and the card
// appears only in Carol's row.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, cardRow, pageErrors, useBrowser, viewNames, waitForViews, withApp } from './harness.mjs';

const env = useBrowser();

test('a USER card owned by carol reaches only carol’s row', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    await page.fill('input[name="new_user"]', 'carol');
    await page.getByRole('button', { name: 'Add user', exact: true }).click();
    await page.waitForSelector('[data-view="carol/checker-v1"]');
    assert.deepEqual(await viewNames(page), [
      'alice/writer-v1',
      'alice/checker-v1',
      'bob/writer-v1',
      'bob/checker-v1',
      'carol/writer-v1',
      'carol/checker-v1',
    ]);
    // Carol starts with what anyone with her agent may read.
    assert.deepEqual(
      await waitForViews(page, { ...SEED_VIEWS, 'carol/writer-v1': ['A', 'G'], 'carol/checker-v1': ['G'] }),
      { ...SEED_VIEWS, 'carol/writer-v1': ['A', 'G'], 'carol/checker-v1': ['G'] },
    );

    // "Add card" appends N1: a USER card of the first user, matching the query.
    await page.click('[data-action="add-card"]');
    const row = cardRow(page, 'N1');
    await row.waitFor();
    assert.equal(await row.locator('select[name="scope"]').inputValue(), 'USER');
    assert.equal(await row.locator('input[name="situation"]').inputValue(), '報告');
    await row.locator('select[name="owner_user"]').selectOption('carol');

    const expected = {
      ...SEED_VIEWS,
      'carol/writer-v1': ['A', 'G', 'N1'],
      'carol/checker-v1': ['G', 'N1'],
    };
    assert.deepEqual(await waitForViews(page, expected), expected);
    assert.equal(await page.locator('[data-card="N1"].rejected').count(), 0);
    assert.deepEqual(pageErrors(page), []);
  });
});
