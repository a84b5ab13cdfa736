// Issue 13: what each edit changed, by eye, by ear and by keyboard. After an
// edit, an undo or a redo, a strip says what changed, the changed cells are
// outlined (and say "changed"), entering cards are marked + and leaving ones
// listed with −; a polite live region says the same words once per step,
// and not while the learner is still typing in a field. The chart is one
// tab stop with arrow keys inside; the leak alarm keeps its words and icon
// under forced colours.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axeScan, cardRow, formatViolations, importFile, pageErrors, screenshot, screenshotDir, useBrowser, waitForViews, waitUntil, withApp,
  SEED_VIEWS, SEED_VIEWS_WITHOUT_G, nextFrames, clickWork,
} from './harness.mjs';

const env = useBrowser();

async function assertClean(page, what) {
  const violations = await axeScan(page);
  assert.equal(violations.length, 0, `${what}:\n${formatViolations(violations)}`);
}

/** The live region's number of announcements and its words. */
const spoken = (page) =>
  page.evaluate(() => {
    const region = document.querySelector('[data-announce]');
    return { seq: Number(region.getAttribute('data-announce')), text: region.textContent.trim() };
  });

/** Waits until the live region has said announcement number `seq`; returns its words. */
async function waitForSpoken(page, seq) {
  await waitUntil(page, (n) => Number(document.querySelector('[data-announce]').getAttribute('data-announce')) >= n, seq);
  const now = await spoken(page);
  assert.equal(now.seq, seq, 'exactly one announcement for the step');
  return now.text;
}

const strip = (page) => page.locator('.change-strip').textContent();
const changedCells = (page) =>
  page.$$eval('[data-view][data-changed]', (els) => els.map((el) => el.getAttribute('data-view')).sort());
const entered = (page, id) =>
  page.$$eval(`[data-view] li.entered[data-card-id="${id}"]`, (els) => els.map((el) => el.closest('[data-view]').getAttribute('data-view')).sort());

const ALL_FOUR = ['alice/checker-v1', 'alice/writer-v1', 'bob/checker-v1', 'bob/writer-v1'];

test('approving Y: the strip and the live region say the cells now read Y; exactly those cells are outlined', async () => {
  await withApp(env, 'lang=en', async (page) => {
    assert.equal(await page.locator('.change-strip').count(), 0, 'no strip before the first edit');
    assert.equal((await spoken(page)).seq, 0);

    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    const expected = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
    assert.deepEqual(await waitForViews(page, expected), expected);

    // Y singles alice out in bob's cells: the ◎ marks it raises are said too (issue 50).
    const words = 'alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 now read Y · Y is accepted now · ◎ card Y now singles out alice in bob/writer-v1 and bob/checker-v1 · no alarm';
    await page.waitForSelector('.change-strip[data-change="edit"]');
    assert.equal(await strip(page), `↻ This edit: ${words}`);
    assert.equal(await waitForSpoken(page, 1), `This edit: ${words}`);

    // Y is GLOBAL: every one of the four cells changed, each marked in
    // words too, with Y marked + (entered).
    assert.deepEqual(await changedCells(page), ALL_FOUR);
    assert.equal(await page.locator('[data-view][data-changed] .changed-mark').count(), 4);
    assert.deepEqual(await entered(page, 'Y'), ALL_FOUR);
    assert.equal(await page.locator('li.entered[data-card-id]:not([data-card-id="Y"])').count(), 0);
    // The cell's name says it: who, how many, which, and what changed.
    assert.equal(
      await page.getAttribute('[data-view="bob/checker-v1"] > [data-pos]', 'aria-label'),
      'bob with checker-v1: 3 cards: G, B, Y; changed (new Y)',
    );
    await screenshot(page, 'changes-approve-y');
    await assertClean(page, 'after approving Y: strip and outlines');

    // A click elsewhere (a card) is no edit: the marks stay, nothing is said.
    await page.click('[data-view="alice/writer-v1"] [data-card-id="P"] button');
    await page.waitForSelector('[data-panel="why"][data-why-card="P"]');
    assert.deepEqual(await changedCells(page), ALL_FOUR);
    assert.equal((await spoken(page)).seq, 1);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('undo: the summary says what came back (and what left)', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    assert.match(await waitForSpoken(page, 1), /^This edit: .*bob\/checker-v1 no longer read G · no alarm$/);
    assert.deepEqual(
      await page.$$eval('[data-view] [data-left]', (els) => els.map((el) => el.getAttribute('data-left'))),
      ['G', 'G', 'G', 'G'],
      'G is listed as gone (−) in the four cells',
    );

    await page.click('body');
    await page.keyboard.press('Control+z');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    const back = 'Undone: alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 now read G · no alarm';
    assert.equal(await waitForSpoken(page, 2), back);
    assert.equal(await strip(page), `↻ ${back}`);
    assert.deepEqual(await entered(page, 'G'), ALL_FOUR);
    assert.equal(await page.locator('[data-left]').count(), 0);

    // Approve Y, then undo: the strip says Y left every cell and is rejected again.
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await waitForSpoken(page, 3);
    await page.click('body');
    await page.keyboard.press('Control+z');
    assert.equal(
      await waitForSpoken(page, 4),
      'Undone: alice/writer-v1, alice/checker-v1, bob/writer-v1 and bob/checker-v1 no longer read Y · Y is rejected now (sharing not approved) · ◎ mark cleared: card Y no longer singles out alice in bob/writer-v1 and bob/checker-v1 · no alarm',
    );
    assert.deepEqual(await changedCells(page), ALL_FOUR);
    await assertClean(page, 'after an undo');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('typing a lesson says nothing until the field is left, then once', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const lesson = cardRow(page, 'B').locator('textarea[name="lesson"]');
    await lesson.focus();
    await lesson.press('End');
    await page.keyboard.type(' FAKE-ALICE-731', { delay: 20 });
    // The alarm is on at once (and the strip says so) …
    await page.waitForSelector('[data-view="bob/writer-v1"] [data-leak="FAKE-ALICE-731"]');
    await waitUntil(page, () => document.querySelector('.change-strip')?.textContent.includes('leak alarm'));
    // … but nothing has been said while typing (the live region would have
    // spoken in the frames that drew the strip; the announcement after Tab
    // below is number 1, which also shows none came before it).
    await nextFrames(page);
    assert.deepEqual(await spoken(page), { seq: 0, text: '' });

    await page.keyboard.press('Tab');
    const said = await waitForSpoken(page, 1);
    assert.equal(
      said,
      "This edit: no cell changed · ⚠ leak alarm: alice's canary FAKE-ALICE-731 reaches bob/writer-v1 and bob/checker-v1 through card B",
    );
    // The alarm changed the bob cells, and only those.
    assert.deepEqual(await changedCells(page), ['bob/checker-v1', 'bob/writer-v1']);
    await nextFrames(page);
    assert.equal((await spoken(page)).seq, 1, 'said once');
    assert.deepEqual(pageErrors(page), []);
  });
});

/** The element with the focus: its cell, card and panel. */
const focus = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      cell: el.matches('td[data-view] > [data-pos]') ? el.closest('td[data-view]').getAttribute('data-view') : null,
      inCell: el.closest('td[data-view]')?.getAttribute('data-view') ?? null,
      card: el.closest('[data-card-id]')?.getAttribute('data-card-id') ?? null,
      panel: el.closest('[data-panel]')?.getAttribute('data-panel') ?? null,
      label: el.getAttribute('aria-label'),
    };
  });

async function waitForFocus(page, want, what) {
  try {
    await waitUntil(page, (w) => {
      const el = document.activeElement;
      return el && el.matches(w);
    }, want, { timeout: 3_000 });
  } catch {
    assert.fail(`focus never reached ${what}: ${JSON.stringify(await focus(page))}`);
  }
  return focus(page);
}

test('keyboard: the chart is one tab stop; arrows, Home/End, Enter and Escape', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.focus('input[name="query"]');
    let at;
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      at = await focus(page);
      if (at.cell || at.inCell) break;
    }
    assert.equal(at.cell, 'alice/writer-v1', 'Tab lands on the first cell, not on a card');
    assert.equal(at.label, 'alice with writer-v1: 4 cards: P, U, A, G');

    const press = async (key, cell) => {
      await page.keyboard.press(key);
      const now = await waitForFocus(page, `td[data-view="${cell}"] > [data-pos]`, `${cell} after ${key}`);
      assert.equal(now.cell, cell, key);
    };
    await press('ArrowRight', 'alice/checker-v1');
    await press('ArrowRight', 'alice/checker-v1'); // the row's end: stays
    await press('ArrowDown', 'bob/checker-v1');
    await press('ArrowLeft', 'bob/writer-v1');
    await press('End', 'bob/checker-v1');
    await press('Home', 'bob/writer-v1');
    await press('ArrowUp', 'alice/writer-v1');
    await press('ArrowDown', 'bob/writer-v1');
    assert.equal((await focus(page)).label, 'bob with writer-v1: 3 cards: A, G, B');

    // One tab stop: Tab leaves the chart, Shift+Tab comes back to the same cell.
    await page.keyboard.press('Tab');
    assert.equal((await focus(page)).inCell, null, 'Tab leaves the grid');
    await page.keyboard.press('Shift+Tab');
    assert.equal((await focus(page)).cell, 'bob/writer-v1');
    assert.equal(await page.locator('td[data-view] > [data-pos][tabindex="0"]').count(), 1);

    // Enter goes into the cell's cards; arrows move between them.
    await page.keyboard.press('Enter');
    assert.deepEqual(await focus(page).then((f) => [f.inCell, f.card]), ['bob/writer-v1', 'A']);
    await page.keyboard.press('ArrowDown');
    assert.deepEqual(await focus(page).then((f) => [f.inCell, f.card]), ['bob/writer-v1', 'G']);
    // Enter on a card opens its why panel, which takes the focus.
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-panel="why"][data-why-card="G"] [data-focus="bob/writer-v1"]');
    assert.equal((await waitForFocus(page, '[data-panel="why"]', 'the why panel')).panel, 'why');
    await assertClean(page, 'keyboard: why panel open from the grid');
    // Escape comes back to the cell.
    await page.keyboard.press('Escape');
    assert.equal((await waitForFocus(page, 'td[data-view="bob/writer-v1"] > [data-pos]', 'the cell after Escape')).cell, 'bob/writer-v1');

    // Closing the panel (Deselect) also gives the focus back to the cell.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await waitForFocus(page, '[data-panel="why"]', 'the why panel again');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Deselect');
    await page.keyboard.press('Enter');
    assert.equal((await waitForFocus(page, 'td[data-view="bob/writer-v1"] > [data-pos]', 'the cell after Deselect')).cell, 'bob/writer-v1');

    // Deleting a card from the keyboard leaves the focus on the next row's Delete.
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitForViews(page, SEED_VIEWS_WITHOUT_G);
    assert.equal((await waitForFocus(page, 'button[aria-label="Delete (B)"]', 'the next Delete')).label, 'Delete (B)');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('the cell names are in 繁體中文 too', async () => {
  await withApp(env, 'lang=zh-TW', async (page) => {
    assert.equal(await page.getAttribute('[data-view="alice/writer-v1"] > [data-pos]', 'aria-label'), 'alice 使用 writer-v1:4 張卡片:P、U、A、G');
  });
});

test('forced colours and greyscale: the leak alarm keeps its words and icon', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.emulateMedia({ forcedColors: 'active' });
    assert.equal(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), true);
    await cardRow(page, 'X').locator('select[name="stream"]').selectOption('reusable');
    const alarm = page.locator('[data-view="bob/writer-v1"] [data-leak="FAKE-ALICE-731"]');
    await alarm.waitFor();
    assert.match(await alarm.textContent(), /⚠\s*Leak alarm: alice's canary FAKE-ALICE-731/);
    const icon = alarm.locator('.icon');
    assert.equal(await icon.textContent(), '⚠');
    assert.equal(await icon.isVisible(), true);
    // Without background colours, the leaking cell and the alarm keep borders.
    const borders = await page.evaluate(() => {
      const width = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).borderTopWidth);
      return { cell: width('[data-view="bob/writer-v1"]'), alarm: width('[data-view="bob/writer-v1"] [data-leak]'), summary: width('.alarm-summary') };
    });
    assert.ok(borders.cell >= 3 && borders.alarm >= 3 && borders.summary >= 3, JSON.stringify(borders));
    assert.match(await page.locator('.alarm-summary').textContent(), /2 leak alarms/);
    assert.match(await strip(page), /⚠ leak alarm: alice's canary FAKE-ALICE-731 reaches bob\/writer-v1 and bob\/checker-v1/);
    await screenshot(page, 'changes-forced-colors');
    await page.locator('#chart').screenshot({ path: `${screenshotDir}/changes-forced-colors-chart.png` });
    await assertClean(page, 'forced colours, leak alarm on');

    await page.emulateMedia({ forcedColors: 'none' });
    await page.addStyleTag({ content: 'html { filter: grayscale(1); }' });
    await screenshot(page, 'changes-greyscale');
    await page.locator('#chart').screenshot({ path: `${screenshotDir}/changes-greyscale-chart.png` });
    assert.deepEqual(pageErrors(page), []);
  });
});

test('reduced motion: changed cells are outlined without animation', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.waitForSelector('[data-view][data-changed]');
    const style = await page.evaluate(() => {
      const s = getComputedStyle(document.querySelector('[data-view][data-changed]'));
      return { animation: s.animationName, outline: s.outlineStyle };
    });
    assert.deepEqual(style, { animation: 'none', outline: 'double' });
  });
});

test('notices are said too: a fresh start on load, an import with what it changed, a reset', async () => {
  await withApp(env, 'lang=en&fresh', async (page) => {
    // A notice shown at the start is said a moment after the page is up.
    assert.match(await waitForSpoken(page, 1), /^Fresh start: these are the seed cards/);

    // An import: the notice and what it changed, said together, once.
    const workspace = {
      users: ['alice', 'bob'], agents: ['writer-v1', 'checker-v1'], query: 'report',
      canaries: { alice: ['FAKE-ALICE-731'], bob: ['FAKE-BOB-852'] },
      cards: [{ id: 'G', scope: 'GLOBAL', owner_user: 'alice', owner_agent: 'writer-v1', situation: 'report',
        lesson: 'Re-add totals from rows.', stream: 'reusable', share_approved: true, source: 's' }],
    };
    await importFile(page, 'one-card.json', JSON.stringify(workspace));
    const said = await waitForSpoken(page, 2);
    assert.match(said, /^Loaded one-card\.json: 1 cards, 0 rejected\. .* This edit: .*no longer read/);

    // Reset asks first, then says so, with what came back.
    await clickWork(page, '[data-action="reset"]');
    await page.click('[data-action="confirm-reset"]');
    assert.match(await waitForSpoken(page, 3), /^Loaded .* This edit: .*now read/);
    await assertClean(page, 'after a reset');
    assert.deepEqual(pageErrors(page), []);
  });
});
