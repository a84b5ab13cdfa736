// First load, in English: the seed's four views card for card, the two
// rejected cards with their reasons, no leak alarm, and a real table with
// row and column headers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, pageErrors, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

test('first load shows the seed: four views, X and Y rejected, no alarm', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    assert.deepEqual(await allViews(page), SEED_VIEWS);

    // Each view lists its cards with their lessons, and a count.
    const cell = page.locator('[data-view="alice/writer-v1"]');
    assert.match(await cell.locator('h3').innerText(), /alice · writer-v1\s*4 cards/);
    assert.equal(
      await cell.locator('[data-card-id="G"]').innerText().then((t) => t.includes('報告中的總數要用原始列重新加總。')),
      true,
    );

    // Rejected cards, with the policy's reasons in words.
    const rejected = await page.$$eval('[data-rejected]', (els) =>
      els.map((el) => [el.getAttribute('data-rejected'), el.getAttribute('data-reason'), el.textContent]),
    );
    assert.deepEqual(
      rejected.map(([id, reason]) => [id, reason]),
      [
        ['X', 'protected_shared'],
        ['Y', 'not_approved'],
      ],
    );
    assert.match(rejected[0][2], /protected \(personal\) content can't be shared beyond its owner/);
    assert.match(rejected[1][2], /sharing is not approved/);

    // No alarm anywhere in the chart.
    assert.equal(await page.locator('[data-view] [data-leak]').count(), 0);
    assert.equal(await page.getAttribute('[data-leak-total]', 'data-leak-total'), '0');

    // The grid is a table: users are row headers, agents column headers.
    const grid = await page.evaluate(() => {
      const table = document.querySelector('[data-view]').closest('table');
      return {
        cols: Array.from(table.querySelectorAll('thead th[scope="col"]'), (th) => th.textContent.trim()),
        rows: Array.from(table.querySelectorAll('tbody th[scope="row"]'), (th) => th.textContent.trim()),
      };
    });
    assert.deepEqual(grid, { cols: ['writer-v1', 'checker-v1'], rows: ['alice', 'bob'] });

    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.deepEqual(pageErrors(page), []);
  });
});
