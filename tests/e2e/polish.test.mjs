// Issue 14, the polish list: one journey per item.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allViews, cardRow, openPage, pageErrors, useBrowser, waitForNotice, waitUntil, withApp, clickWork } from './harness.mjs';

const env = useBrowser();

test('exercise 4 shows no ✓ before anything is done', async () => {
  await withApp(env, 'lang=en&step=4', async (page) => {
    const done = await page.$$eval('[data-panel="lesson"] .checklist li', (lis) => lis.map((li) => li.getAttribute('data-done')));
    assert.deepEqual(done, ['false', 'false', 'false']);
  });
});

test('exercise 4 and the editor call the box the same: “Sharing approved”', async () => {
  await withApp(env, 'lang=en&step=4', async (page) => {
    assert.match(await page.locator('[data-panel="lesson"] .task').innerText(), /“Sharing approved”/);
    const headers = await page.$$eval('[data-panel="editor"] thead th', (ths) => ths.map((th) => th.textContent.trim()));
    assert.ok(headers.includes('Sharing approved'), headers.join(' | '));
  });
});

test('scorecard headings never break inside a word', async () => {
  await withApp(env, 'lang=en&step=6', async (page) => {
    const broken = await page.$$eval('[data-panel="lesson"] .scorecards th, [data-panel="lesson"] .scorecards td', (cells) => {
      const out = [];
      for (const cell of cells) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent.matchAll(/[A-Za-z]{2,}/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
            if (lines.size > 1) out.push(match[0]);
          }
        }
      }
      return out;
    });
    assert.deepEqual(broken, []);
  });
});

test('the count badge stays on one line in a three-column chart', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.fill('input[name="new_agent"]', 'writer-v2');
    await page.press('input[name="new_agent"]', 'Enter');
    await page.waitForSelector('[data-view="alice/writer-v2"]');
    const badges = await page.$$eval('.cell .count', (els) => els.map((el) => {
      const r = el.getBoundingClientRect();
      return { h: Math.round(r.height), lines: el.getClientRects().length };
    }));
    assert.equal(badges.length, 6);
    assert.ok(badges.every((b) => b.h < 30 && b.lines === 1), JSON.stringify(badges));
  });
});

test('a share link opened in a fresh browser does not claim to keep work that was never there', async () => {
  let link;
  await withApp(env, 'lang=en', async (page) => {
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await clickWork(page, '[data-action="share"]');
    link = await page.inputValue('input[name="share_link"]');
  });
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en', new URL(link).hash);
    const text = await waitForNotice(page, 'info', 'Opened the share link');
    assert.doesNotMatch(text, /Your own work is kept/);
    assert.match(text, /had no saved work/);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('“Add card” brings the new row into view with focus on its id', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.click('[data-action="add-card"]');
    await page.waitForSelector('tr[data-card="N1"]');
    await waitUntil(page, () => document.activeElement?.closest('tr')?.getAttribute('data-card') === 'N1');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('name')), 'id');
    const inView = await cardRow(page, 'N1').evaluate((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top >= -1 && r.bottom <= innerHeight + 1;
    });
    assert.ok(inView, 'the new row is on screen');
  });
});
