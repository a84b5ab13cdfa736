// Assertions in the playground (issue 53): kept from the why panel as one
// undoable edit, listed live in the Assertions panel (each row passing or
// failing with the crate's reason), said in the change strip and the live
// region when an edit breaks one, carried by an export and a share link,
// and refused in words, one by one, when a file's entry can't be read.
//
// The seed: A is an AGENT card of alice with writer-v1, approved for
// sharing, so bob/writer-v1 reads it (bob/checker-v1 does not: another
// agent). Unticking A's approval rejects it for everyone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axeScan, cardRow, clickWork, downloadText, formatViolations, importFile, openApp, openPage, pageErrors, useBrowser,
  waitForNotice, waitUntil, withApp,
} from './harness.mjs';

const env = useBrowser();

/** The Assertions panel's rows: pass, and the row's text. */
async function rows(page) {
  return page.$$eval('[data-assertions] [data-assertion]', (list) =>
    list.map((r) => ({ pass: r.getAttribute('data-pass'), text: r.textContent.replace(/\s+/g, ' ').trim() })));
}

/** Waits until the panel's rows pass as `expected` (`"true"`/`"false"` each); returns them. */
async function waitForPasses(page, expected) {
  try {
    await waitUntil(page, (want) => {
      const got = [...document.querySelectorAll('[data-assertions] [data-assertion]')].map((r) => r.getAttribute('data-pass'));
      return got.length === want.length && got.every((p, i) => p === want[i]);
    }, expected);
  } catch (error) {
    throw new Error(`rows never passed as ${JSON.stringify(expected)}: ${JSON.stringify(await rows(page))}\n${error.message}`);
  }
  return rows(page);
}

/** Opens the Assertions panel from the top bar unless it is open. */
async function openAssertions(page) {
  if ((await page.locator('[data-assertions]').count()) === 0) await page.click('[data-action="assertions"]');
  await page.waitForSelector('[data-assertions]');
}

/** From the why panel of bob/writer-v1's cell for card A: keep it as an assertion. */
async function keepBobReadsA(page) {
  await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
  await page.waitForSelector('[data-panel="why"] [data-focus="bob/writer-v1"]');
  await page.click('[data-panel="why"] [data-action="keep-assertion"]');
  await openAssertions(page);
  return waitForPasses(page, ['true']);
}

const announced = (page) => page.locator('[data-announce]').textContent();

test('keep, then break: a kept assertion fails with its reason, the strip and the live region say so, and undo mends it', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const button = page.locator('[data-panel="why"] [data-action="keep-assertion"]');
    await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
    await button.waitFor();
    assert.match(await button.textContent(), /Keep as an assertion/);
    const kept = await keepBobReadsA(page);
    // The check in the crate's words: "bob · writer-v1 retrieves A".
    assert.match(kept[0].text, /bob · writer-v1 retrieves A/);
    assert.equal(await page.locator('[data-view][data-assertion-fails]').count(), 0, 'no cell marked while it holds');

    // Untick A's approval: the assertion now fails, with the crate's reason.
    await cardRow(page, 'A').locator('input[name="share_approved"]').uncheck();
    const [broken] = await waitForPasses(page, ['false']);
    assert.match(broken.text, /bob\/writer-v1 does not read A/);
    assert.match(broken.text, /approv/i, 'the reason names the approval the card lacks');
    // Its cell is marked in the chart, in words as well as colour.
    await page.waitForSelector('[data-view="bob/writer-v1"][data-assertion-fails="1"]');
    assert.match(await page.locator('[data-view="bob/writer-v1"] .assert-mark').textContent(), /1/);
    // The change strip and the live region say what broke.
    await waitUntil(page, () => document.querySelector('.change-strip')?.textContent.includes('assertion 1 now fails'));
    assert.match(await page.locator('.change-strip').textContent(), /assertion 1 now fails: bob\/writer-v1 does not read A/);
    await waitUntil(page, () => document.querySelector('[data-announce]')?.textContent.includes('assertion 1 now fails'));

    // Undo: it holds again, and nothing is marked.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForPasses(page, ['true']);
    await page.waitForSelector('[data-view][data-assertion-fails]', { state: 'detached' });
    assert.doesNotMatch(await page.locator('.change-strip').textContent(), /now fails/);
    // Keeping it was one undoable step: one more Undo takes it away, Redo brings it back.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitUntil(page, () => document.querySelectorAll('[data-assertions] [data-assertion]').length === 0);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await waitForPasses(page, ['true']);
    assert.ok((await announced(page)).length > 0);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('an assertion is edited and removed by keyboard, each one undoable step', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await keepBobReadsA(page);
    // The note: typed, then Enter.
    const note = page.locator('[data-assertions] [data-assertion] input[name="assertion_note"]');
    await note.focus();
    await page.keyboard.type('writer rules are shared');
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.querySelector('[data-assertions] [data-assertion] [data-note]')?.textContent.includes('writer rules are shared'));
    // "Expect the opposite": the same cell and card, now "does not read": it fails.
    await page.locator('[data-assertions] [data-assertion] [data-action="negate-assertion"]').focus();
    await page.keyboard.press('Enter');
    const [negated] = await waitForPasses(page, ['false']);
    assert.match(negated.text, /bob\/writer-v1 reads A/);
    await page.keyboard.press('Control+z');
    await waitForPasses(page, ['true']);
    // Remove, by keyboard; the focus stays in the panel.
    await page.locator('[data-assertions] [data-assertion] [data-action="remove-assertion"]').focus();
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.querySelectorAll('[data-assertions] [data-assertion]').length === 0);
    await waitUntil(page, () => document.activeElement?.closest('[data-assertions]') !== null);
    await page.keyboard.press('Control+z');
    const [back] = await waitForPasses(page, ['true']);
    assert.match(back.text, /writer rules are shared/);
    // Added from the panel's own form: a cell, a card, "does not read".
    await page.selectOption('[data-assertions] select[name="assertion_cell"]', 'bob/checker-v1');
    await page.selectOption('[data-assertions] select[name="assertion_card"]', 'A');
    await page.selectOption('[data-assertions] select[name="assertion_kind"]', 'not_retrieves');
    await page.click('[data-assertions] [data-action="add-assertion"]');
    const both = await waitForPasses(page, ['true', 'true']);
    assert.match(both[1].text, /bob · checker-v1 does not retrieve A/);
    // Escape closes the panel and gives the focus back to its button.
    await page.locator('[data-assertions] select[name="assertion_cell"]').focus();
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-assertions]', { state: 'detached' });
    await waitUntil(page, () => document.activeElement?.getAttribute('data-action') === 'assertions');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('an export and a share link carry the assertions', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en');
  let link;
  let exported;
  try {
    await keepBobReadsA(page);
    exported = JSON.parse((await downloadText(page, '[data-action="export"]')).text);
    await clickWork(page, '[data-action="share"]');
    link = await page.inputValue('input[name="share_link"]');
  } finally {
    await page.context().close();
  }
  assert.deepEqual(exported.assertions, [{ check: { retrieves: { cells: { users: ['bob'], agents: ['writer-v1'] }, card: 'A' } } }]);

  // The link, in a browser that has nothing of it.
  const context = await env.browser.newContext();
  try {
    const opened = await openPage(context, env.server, 'lang=en', new URL(link).hash);
    await openAssertions(opened);
    const [row] = await waitForPasses(opened, ['true']);
    assert.match(row.text, /bob · writer-v1 retrieves A/);
    assert.deepEqual(pageErrors(opened), []);
  } finally {
    await context.close();
  }

  // The file, imported into a fresh work.
  await withApp(env, 'lang=en', async (fresh) => {
    await importFile(fresh, 'kept.json', JSON.stringify(exported));
    await waitForNotice(fresh, 'info', 'kept.json');
    await openAssertions(fresh);
    await waitForPasses(fresh, ['true']);
  });
});

/** A workspace file with three assertions: one good, two that can't be read. */
async function malformedFile(page) {
  const file = JSON.parse((await downloadText(page, '[data-action="export"]')).text);
  file.assertions = [
    { check: { retrieves: { cells: 'bob/writer-v1', card: 'A' } }, note: 'the good one' },
    { check: 'made_up' },
    7,
  ];
  return JSON.stringify(file);
}

for (const [lang, problems] of [
  ['en', [/assertion 2: no check is called `made_up`; set aside/, /assertion 3 is a number, not an object; set aside/]],
  ['zh-TW', [/第 2 條斷言的檢查 `made_up` 不存在,略過/, /第 3 條斷言是數字,不是物件,略過/]],
]) {
  test(`a malformed assertion in an imported file is refused in words while the others run (${lang})`, async () => {
    await withApp(env, `lang=${lang}`, async (page) => {
      const text = await malformedFile(page);
      await importFile(page, 'mixed.json', text);
      await waitForNotice(page, 'info', 'mixed.json');
      await openAssertions(page);
      const [row] = await waitForPasses(page, ['true']);
      assert.match(row.text, /the good one/);
      const said = await page.$$eval('[data-assertions] [data-assertion-problem]', (list) => list.map((p) => p.textContent));
      assert.equal(said.length, 2, JSON.stringify(said));
      problems.forEach((re, i) => assert.match(said[i], re));
      // Breaking the good one still says so: the others set aside change nothing.
      await cardRow(page, 'A').locator('input[name="share_approved"]').uncheck();
      await waitForPasses(page, ['false']);
      assert.deepEqual(pageErrors(page), []);
    });
  });
}

for (const lang of ['en', 'zh-TW']) {
  test(`axe: the Assertions panel open, a row passing, one failing and one set aside (${lang})`, async () => {
    await withApp(env, `lang=${lang}`, async (page) => {
      const text = await malformedFile(page);
      const file = JSON.parse(text);
      file.assertions.push({ check: { retrieves: { cells: 'bob/checker-v1', card: 'A' } } });
      await importFile(page, 'axe.json', JSON.stringify(file));
      await waitForNotice(page, 'info', 'axe.json');
      await openAssertions(page);
      await waitForPasses(page, ['true', 'false']);
      const violations = await axeScan(page);
      assert.equal(violations.length, 0, `assertions panel (${lang}):\n${formatViolations(violations)}`);
    });
  });
}

test('a work without assertions keeps the top bar as it was; the Work menu opens the panel, and the first assertion brings the button', async () => {
  await withApp(env, 'lang=en', async (page) => {
    assert.equal(await page.locator('[data-action="assertions"]').count(), 0, 'no Assertions button while the work holds none');
    await clickWork(page, '[data-action="open-assertions"]');
    await page.waitForSelector('[data-assertions]');
    await page.selectOption('[data-assertions] select[name="assertion_cell"]', 'bob/writer-v1');
    await page.selectOption('[data-assertions] select[name="assertion_card"]', 'A');
    await page.selectOption('[data-assertions] select[name="assertion_kind"]', 'retrieves');
    await page.click('[data-assertions] [data-action="add-assertion"]');
    await waitForPasses(page, ['true']);
    await page.waitForSelector('[data-action="assertions"][aria-expanded="true"]');
    assert.deepEqual(pageErrors(page), []);
  });
});
