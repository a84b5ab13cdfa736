// Set X's stream to reusable: X passes every gate as an approved GLOBAL card,
// and both of bob's views raise an alarm naming Alice's canary.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, pageErrors, useBrowser, waitForViews, withApp } from './harness.mjs';

const env = useBrowser();

test('X on the reusable stream raises an alarm in both bob views naming FAKE-ALICE-731', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await cardRow(page, 'X').locator('select[name="stream"]').selectOption('reusable');

    const expected = {
      'alice/writer-v1': ['P', 'U', 'A', 'G', 'X'],
      'alice/checker-v1': ['U', 'G', 'X'],
      'bob/writer-v1': ['A', 'G', 'B', 'X'],
      'bob/checker-v1': ['G', 'B', 'X'],
    };
    assert.deepEqual(await waitForViews(page, expected), expected);

    for (const viewer of ['bob/writer-v1', 'bob/checker-v1']) {
      const alarms = await page
        .locator(`[data-view="${viewer}"] [data-leak]`)
        .evaluateAll((els) => els.map((el) => [el.getAttribute('data-leak'), el.textContent]));
      assert.equal(alarms.length, 1, `${viewer} has one alarm`);
      const [token, text] = alarms[0];
      assert.equal(token, 'FAKE-ALICE-731');
      // In words, naming the token and the card, with an icon.
      assert.match(text, /Leak alarm/);
      assert.match(text, /FAKE-ALICE-731/);
      assert.match(text, /card X/);
      assert.match(text, /⚠/);
    }
    // Alice seeing her own canary is no leak.
    for (const viewer of ['alice/writer-v1', 'alice/checker-v1']) {
      assert.equal(await page.locator(`[data-view="${viewer}"] [data-leak]`).count(), 0, viewer);
    }
    assert.equal(await page.getAttribute('[data-leak-total]', 'data-leak-total'), '2');
    assert.deepEqual(pageErrors(page), []);
  });
});
