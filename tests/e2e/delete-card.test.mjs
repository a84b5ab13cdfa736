// Deleting a card removes it from every view (and from the editor and the
// rejected list).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, pageErrors, useBrowser, waitForViews, withApp, SEED_VIEWS_WITHOUT_G } from './harness.mjs';

const env = useBrowser();

test('deleting G removes it from all four views', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    const expected = SEED_VIEWS_WITHOUT_G;
    assert.deepEqual(await waitForViews(page, expected), expected);
    assert.equal(await cardRow(page, 'G').count(), 0);
    assert.equal(await page.locator('[data-card-id="G"]').count(), 0);

    // A card that is in only one row's views goes too.
    await page.getByRole('button', { name: 'Delete (B)', exact: true }).click();
    const after = { ...expected, 'bob/writer-v1': ['A'], 'bob/checker-v1': [] };
    assert.deepEqual(await waitForViews(page, after), after);

    // A rejected card leaves the rejected list.
    await page.getByRole('button', { name: 'Delete (X)', exact: true }).click();
    await page.waitForSelector('[data-rejected="X"]', { state: 'detached' });
    assert.deepEqual(
      await page.$$eval('[data-rejected]', (els) => els.map((el) => el.getAttribute('data-rejected'))),
      ['Y'],
    );
    assert.deepEqual(pageErrors(page), []);
  });
});
