// Flip Y's share_approved: Y reaches all four views and no alarm fires (a
// canary can't see a quasi-identifier).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, cardRow, pageErrors, useBrowser, waitForViews, withApp } from './harness.mjs';

const env = useBrowser();

test('approving Y puts it in every view and raises no alarm', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();

    const expected = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
    assert.deepEqual(await waitForViews(page, expected), expected);

    assert.equal(await page.locator('[data-view] [data-leak]').count(), 0);
    assert.equal(await page.getAttribute('[data-leak-total]', 'data-leak-total'), '0');
    // Y is no longer rejected; X still is.
    assert.equal(await page.locator('[data-rejected="Y"]').count(), 0);
    assert.equal(await page.locator('[data-rejected="X"]').count(), 1);
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true);
    assert.deepEqual(pageErrors(page), []);
  });
});
