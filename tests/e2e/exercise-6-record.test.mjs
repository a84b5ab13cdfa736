// Issue 14, item 6: exercise 6 measures "should see" against an explicit,
// stable reference and records both scorecards before and after each
// change, side by side.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, openApp, overflowing, pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

// Each cell's text, without the column's name it repeats for a narrow
// column (`.cell-head`, hidden from assistive technology).
const rows = (page) =>
  page.$$eval('[data-panel="lesson"] .record-table tbody tr', (trs) =>
    trs.map((tr) =>
      Array.from(tr.children, (c) =>
        Array.from(c.childNodes)
          .filter((n) => !n.classList?.contains('cell-head'))
          .map((n) => n.textContent)
          .join('')
          .trim(),
      ),
    ),
  );

test('exercise 6: the reference is said and fixed; rows before and after each change', async () => {
  await withApp(env, 'lang=en&step=6', async (page) => {
    const lesson = page.locator('[data-panel="lesson"]');
    // Before anything is recorded the reference is named: the answer now.
    assert.equal(await lesson.locator('[data-reference]').getAttribute('data-reference'), 'four-scope-now');
    assert.match(await lesson.locator('[data-reference]').innerText(), /four scopes score 100% by construction/);

    await page.click('[data-action="record"]');
    await waitUntil(page, () => document.querySelectorAll('.record-table tbody tr').length === 1);
    assert.equal(await lesson.locator('[data-reference]').getAttribute('data-reference'), 'recorded');
    assert.deepEqual(await rows(page), [['before any change', '11/11', '✓ none', '4/11', '✓ none']]);

    // Revoke A: four scopes lose it for its writer-v1 viewers; the
    // reference does not follow the cards.
    await cardRow(page, 'A').locator('input[name="share_approved"]').uncheck();
    await page.click('[data-action="record"]');
    await waitUntil(page, () => document.querySelectorAll('.record-table tbody tr').length === 2);
    // Old predictions do not switch the reference either.
    await page.click('[data-action="predict-mode"]');
    await page.check('[data-view="bob/checker-v1"] input[name="predict"][value="P"]');
    await page.click('[data-action="predict-mode"]');
    await page.getByRole('button', { name: 'Delete (U)', exact: true }).click();
    await page.click('[data-action="record"]');
    await waitUntil(page, () => document.querySelectorAll('.record-table tbody tr').length === 3);
    assert.deepEqual(await rows(page), [
      ['before any change', '11/11', '✓ none', '4/11', '✓ none'],
      ["after: Revoked A's sharing approval", '9/11', '✓ none', '4/11', '✓ none'],
      ["after: Deleted Alice's USER preference U", '7/11', '✓ none', '4/11', '✓ none'],
    ]);
    assert.equal(await lesson.locator('[data-reference]').getAttribute('data-reference'), 'recorded');
    assert.equal(await lesson.locator('[data-score="FourScope"] [data-retrieved]').getAttribute('data-retrieved'), '7');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('exercise 6 fits its columns: the scorecards in the lesson, the people in the inspector', async () => {
  for (const [lang, viewport] of [
    ['en', { width: 1280, height: 800 }],
    ['zh-TW', { width: 1366, height: 768 }],
  ]) {
    const page = await openApp(env.browser, env.server, `lang=${lang}&step=6`, { viewport });
    try {
      // Exercise 6 puts the people panel in the inspector's column.
      await page.locator('.side [data-panel="people"]').waitFor();
      await page.click('[data-action="record"]');
      await waitUntil(page, () => document.querySelectorAll('.record-table tbody tr').length === 1);
      assert.deepEqual(await overflowing(page, '[data-panel="lesson"]'), [], `${lang}: the lesson panel`);
      assert.deepEqual(await overflowing(page, '.side'), [], `${lang}: the inspector's column`);
      // The record before and after stacks too: nothing to scroll sideways.
      const record = await page.$eval('[data-panel="lesson"] .records .table-wrap', (e) => [e.scrollWidth, e.clientWidth]);
      assert.ok(record[0] <= record[1] + 1, `${lang}: the record fits its column (${record[0]}>${record[1]})`);
      // Stacked, each score still says its column, and what it is.
      const cell = page.locator('[data-panel="lesson"] [data-score="UnsafePool"] [data-forbidden]');
      assert.match(await cell.innerText(), lang === 'en' ? /Forbidden appeared\s+⚠ 8 pairs/ : /不該看到的出現了\s+⚠ 8 組/);
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await page.context().close();
    }
  }
});
