// Issue 50, item 4: every edit says what it did, in the change strip and
// the live region: a re-identification mark that appears or clears (lesson
// 1, exercise 7), a stale copy served by the response cache (lesson 2,
// exercise 6), a change of order in a prompt (lesson 3, exercise 5); and an
// edit made where the cells it changed are off screen gets "N cells changed
// ↑" beside its control, which takes the keyboard to the chart and back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, cardRow, formatViolations, pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { act, actIn, tick, waitCell } from './lesson2-helpers.mjs';
import { setField, waitLessonThree } from './lesson3-helpers.mjs';

const env = useBrowser();

const strip = (page) => page.locator('#chart .change-strip').innerText();

/** Waits until the change strip says something matching `re`; returns what it says. */
async function stripSays(page, re) {
  await waitUntil(page, (source) => new RegExp(source).test(document.querySelector('#chart .change-strip')?.textContent ?? ''), re.source).catch(() => {});
  const said = await strip(page).catch(() => '(no strip)');
  assert.match(said, re);
  return said;
}

/** What the live region said last. */
const spoken = (page) => page.locator('[role="status"][data-announce]').innerText();

test('lesson 1, exercise 7: approving Y says the ◎ marks it raises, rewriting Y says they cleared', async () => {
  await withApp(env, 'lesson=1&step=7&lang=en', async (page) => {
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await stripSays(page, /◎ card Y now singles out alice in bob\/writer-v1 and bob\/checker-v1/);
    await cardRow(page, 'Y').locator('[name="lesson"]').fill('Report: prefer blue.');
    const said = await stripSays(page, /◎ mark cleared: card Y no longer singles out alice in bob\/writer-v1 and bob\/checker-v1/);
    assert.doesNotMatch(said, /no cell changed/);
    // The live region says it too, once the learner leaves the field.
    await cardRow(page, 'Y').locator('[name="lesson"]').press('Tab');
    await waitUntil(page, () => /mark cleared/.test(document.querySelector('[role="status"][data-announce]')?.textContent ?? ''));
    assert.match(await spoken(page), /◎ mark cleared: card Y no longer singles out alice/);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 1 in 繁體中文: the marks are said in words too', async () => {
  await withApp(env, 'lesson=1&step=7&lang=zh-TW', async (page) => {
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await stripSays(page, /◎ 卡片 Y 現在在 bob\/writer-v1 和 bob\/checker-v1 認出了 alice/);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 2, exercise 6: asking the query says the stale copy the cache served; purging says it is gone', async () => {
  await withApp(env, 'lesson=2&step=6&lang=en', async (page) => {
    await act(page, { actor: 'dana', card: 'A', action: 'publish' });
    await waitCell(page, 'bob/writer-v1', 'A');
    await act(page, { actor: 'bob/writer-v1', action: 'read' });
    await act(page, { actor: 'dana', card: 'A', action: 'revoke', reason: 'no longer checked' });
    await waitCell(page, 'bob/writer-v1', 'A', false);
    await act(page, { actor: 'bob/writer-v1', action: 'read' });
    await page.waitForSelector('[data-served="true"][data-stale="true"][data-reader="bob/writer-v1"]');
    await stripSays(page, /⚠ stale copy: the response cache served A to bob\/writer-v1 at tick \d+, no longer theirs to read/);
    await waitUntil(page, () => /stale copy/.test(document.querySelector('[role="status"][data-announce]')?.textContent ?? ''));

    await actIn(page, 'cache', { actor: 'dana', reason: 'stale copies were served' });
    await tick(page, '[data-panel="cache"] input[name="purge"]', true);
    await stripSays(page, /✓ stale copy gone: the response cache no longer serves A to bob\/writer-v1/);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 3, exercise 5: raising the review weight says R now ranks above F, not "no prompt changed"', async () => {
  await withApp(env, 'lesson=3&step=5&lang=en', async (page) => {
    await waitLessonThree(page);
    await setField(page, 'weight-review', 2);
    const said = await stripSays(page, /alice\/writer-v1's prompt order changed: R now ranks above F/);
    assert.match(said, /ranking weight review 0 → 2/);
    assert.doesNotMatch(said, /no prompt changed/);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('an edit whose changed cells are off screen: "4 cells changed ↑" after its control, to the chart and back by keyboard', async () => {
  await withApp(env, 'lesson=1&lang=en', async (page) => {
    const box = cardRow(page, 'Y').locator('input[name="share_approved"]');
    await box.scrollIntoViewIfNeeded();
    // The chart is off screen where the card list is.
    const chartOff = await page.evaluate(() => [...document.querySelectorAll('td[data-view]')].every((td) => td.getBoundingClientRect().bottom <= 0));
    assert.ok(chartOff, 'the chart is above the screen at the card list');
    await box.focus();
    await page.keyboard.press('Space');
    // The button is the next Tab stop after the control.
    await page.waitForSelector('[data-jump="go"]');
    assert.match(await page.locator('[data-jump="go"]').innerText(), /4 cells changed ↑/);
    let violations = await axeScan(page);
    assert.deepEqual(violations, [], formatViolations(violations));
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-jump')), 'go');
    await page.keyboard.press('Enter');
    // In the chart: the first changed cell has the focus, on screen.
    await waitUntil(page, () => document.activeElement?.closest('td[data-view]')?.getAttribute('data-view') === 'alice/writer-v1');
    const cell = await page.evaluate(() => {
      const r = document.activeElement.closest('td[data-view]').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: innerHeight };
    });
    assert.ok(cell.top < cell.height && cell.bottom > 0, `the cell is on screen: ${JSON.stringify(cell)}`);
    // The way back is in the change strip, reached from the cell with Shift+Tab.
    await page.waitForSelector('#chart .change-strip [data-jump="back"]');
    violations = await axeScan(page);
    assert.deepEqual(violations, [], formatViolations(violations));
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-jump')), 'back');
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.activeElement?.matches('tr[data-card="Y"] input[name="share_approved"]'));
    assert.equal(await page.locator('[data-jump]').count(), 0);
    // An edit whose cells are on screen gets no button.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('[data-view="alice/writer-v1"] [data-card-id="G"] button');
    await page.waitForSelector('[data-inspector="G"]');
    await page.selectOption('[data-inspector="G"] select[name="scope"]', 'PAIR');
    await page.waitForSelector('[data-view="bob/writer-v1"]:not(:has([data-card-id="G"]))');
    await page.waitForSelector('#chart .change-strip');
    assert.equal(await page.locator('[data-jump]').count(), 0);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('the button works with the mouse too, on a phone', async () => {
  const page = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  try {
    await page.goto(`${env.server.url}?lesson=1&lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.click('[data-jump="go"]');
    await waitUntil(page, () => document.activeElement?.closest('td[data-view]') !== null);
    await page.click('#chart .change-strip [data-jump="back"]');
    await waitUntil(page, () => document.activeElement?.matches('tr[data-card="Y"] input[name="share_approved"]'));
    assert.deepEqual(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true);
  } finally {
    await page.context().close();
  }
});
