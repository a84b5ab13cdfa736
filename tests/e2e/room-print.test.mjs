// Print (issue 12): the print stylesheet turns the current state into a
// worksheet that fits A4 and Letter: the exercise, the cards listed, and a
// blank seating chart (row and column headers, empty cells) to fill by hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { openApp, pageErrors, useBrowser } from './harness.mjs';

const env = useBrowser();
const shots = process.env.MIXUA_SHOTS ?? '/tmp/shots-12b';

/** Pages in a PDF made by Chromium (one `/Type /Page` object per page). */
function pageCount(pdf) {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

test('printing gives a worksheet: the exercise, the cards, a blank chart; one page on A4 and on Letter', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en&lesson=1&step=2');
  try {
    // On screen there is no worksheet.
    assert.equal(await page.locator('[data-worksheet]').isVisible(), false);
    const task = await page.locator('[data-panel="lesson"] .task').innerText();
    await page.emulateMedia({ media: 'print' });
    // The worksheet is built when printing is asked for (issue 25: it is
    // not rendered on every edit while nobody prints).
    const sheet = page.locator('[data-worksheet]');
    await sheet.waitFor({ state: 'visible' });
    // Nothing of the screen is printed: no chart with its cards, no buttons.
    assert.equal(await page.locator('#chart').isVisible(), false);
    assert.equal(await page.locator('button:visible').count(), 0);
    // The exercise's text, the query, and every card of the seed in a table.
    assert.match(await sheet.innerText(), new RegExp(task.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const cards = await sheet.locator('.ws-cards tbody tr').evaluateAll((rows) => rows.map((r) => r.cells[0].textContent));
    assert.deepEqual(cards, ['P', 'U', 'A', 'G', 'B', 'X', 'Y']);
    // "Sharing approved" in words on paper, not the file's true/false.
    const approved = await sheet.locator('.ws-cards').evaluate((t) => {
      const col = Array.from(t.tHead.rows[0].cells, (c) => c.textContent).indexOf('Sharing approved');
      return Array.from(t.tBodies[0].rows, (r) => r.cells[col].textContent);
    });
    assert.deepEqual(approved, ['no', 'no', 'yes', 'yes', 'no', 'yes', 'no']);
    // The blank chart: users as rows, agents as columns, every cell empty.
    const chart = await sheet.locator('.ws-chart').evaluate((t) => ({
      cols: Array.from(t.tHead.rows[0].cells, (c) => c.textContent).slice(1),
      rows: Array.from(t.tBodies[0].rows, (r) => r.cells[0].textContent),
      filled: Array.from(t.querySelectorAll('td'), (c) => c.textContent).filter((x) => x !== '').length,
      cells: t.querySelectorAll('td').length,
      height: t.querySelector('td').getBoundingClientRect().height,
    }));
    assert.deepEqual(chart.cols, ['writer-v1', 'checker-v1']);
    assert.deepEqual(chart.rows, ['alice', 'bob']);
    assert.equal(chart.cells, 4);
    assert.equal(chart.filled, 0, 'the cells are left blank');
    assert.ok(chart.height > 60, 'a cell has room to write in');
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: `${shots}/print-worksheet-a4.png`, fullPage: true });
    await page.emulateMedia({ media: null }); // page.pdf prints with print media unless screen is emulated

    for (const format of ['A4', 'Letter']) {
      const pdf = await page.pdf({ format, printBackground: true });
      await writeFile(`${shots}/print-worksheet-${format}.pdf`, pdf);
      assert.equal(pageCount(pdf), 1, `the seed's worksheet is one ${format} page`);
    }
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('a bigger workspace prints its chart and cards on as few pages as they need, nothing cut at the side', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en');
  try {
    for (const name of ['carol', 'dan', 'erin']) {
      await page.fill('input[name="new_user"]', name);
      await page.press('input[name="new_user"]', 'Enter');
    }
    for (const name of ['writer-v2', 'checker-v2']) {
      await page.fill('input[name="new_agent"]', name);
      await page.press('input[name="new_agent"]', 'Enter');
    }
    await page.waitForSelector('[data-view="erin/checker-v2"]');
    await page.emulateMedia({ media: 'print' });
    await page.locator('[data-worksheet]').waitFor({ state: 'visible' });
    const widest = await page.locator('[data-worksheet]').evaluate((s) => Math.max(...Array.from(s.querySelectorAll('table'), (t) => t.scrollWidth - t.clientWidth)));
    assert.ok(widest <= 1, 'no table is wider than the page');
    assert.equal(await page.locator('.ws-chart td').count(), 5 * 4);
    await page.emulateMedia({ media: null }); // page.pdf prints with print media unless screen is emulated
    for (const format of ['A4', 'Letter']) {
      const pages = pageCount(await page.pdf({ format }));
      assert.ok(pages >= 1 && pages <= 2, `${pages} ${format} pages`);
    }
  } finally {
    await page.context().close();
  }
});
