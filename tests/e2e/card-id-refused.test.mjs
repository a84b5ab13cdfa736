// Issue 51: card edits go by the card's id. An id that another card has is
// refused in words, the card keeps its id, and the field shows the id the
// card kept once the learner leaves it (never one the card doesn't have).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, pageErrors, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

test("an id another card has is refused in words, and the field shows the id the card kept", async () => {
  await withApp(env, 'lang=en', async (page) => {
    const id = cardRow(page, 'Y').locator('input[name="id"]');
    await id.fill('X');
    await id.press('Tab');
    await page.getByText('Another card has the id “X”: this one keeps the id it had.').first().waitFor();
    assert.equal(await id.inputValue(), 'Y');
    assert.equal(await cardRow(page, 'Y').count(), 1);
    assert.equal(await page.locator('tr[data-card="X"]').count(), 1);
    // A free id is taken, and the field keeps it.
    // The row is named by its card's id, which this very edit changes: the
    // key goes to the focused field, not to a locator by the old id.
    await cardRow(page, 'Y').locator('input[name="id"]').fill('Y2');
    await page.keyboard.press('Tab');
    await page.locator('tr[data-card="Y2"]').waitFor();
    assert.equal(await page.locator('tr[data-card="Y2"] input[name="id"]').inputValue(), 'Y2');
    assert.deepEqual(pageErrors(page), []);
  });
});
