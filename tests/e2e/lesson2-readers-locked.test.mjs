// Lesson 2 keeps a log: who may read a card changes only through Act as,
// by an actor with a reason, and each change is an event. The card
// editor, the card inspector and the people panel are read-only there for
// every control that decides readers (scope, owners, stream, approval,
// delete, copy, remove or rename a user or agent), each control says why
// in words (its description), and the same change made through Act as is
// logged. Lesson 1 (no log) keeps every control editable.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, cardRow, formatViolations, pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, logLines, waitCell } from './lesson2-helpers.mjs';

const env = useBrowser();

const locked = ['select[name="scope"]', 'select[name="owner_user"]', 'select[name="owner_agent"]', 'select[name="stream"]',
  'input[name="share_approved"]', 'button.danger'];

async function states(row) {
  const out = {};
  for (const sel of locked) {
    const el = row.locator(sel).first();
    out[sel] = { disabled: await el.isDisabled(), described: await el.getAttribute('aria-describedby') };
  }
  return out;
}

for (const [lang, words] of [['en', /changes only through Act as/], ['zh-TW', /只能在「以誰的身分操作」中改/]]) {
  test(`lesson 2 (${lang}): the editor can't change who reads; Act as does, and logs it`, async () => {
    await withApp(env, `lesson=2&lang=${lang}`, async (page) => {
      await waitCell(page, 'carol/writer-v1', 'T');
      const row = cardRow(page, 'A');
      await row.waitFor({ state: 'attached' });
      // Every control that decides readers is disabled and described by the note.
      for (const [sel, s] of Object.entries(await states(row))) {
        assert.equal(s.disabled, true, `${sel} is read-only in lesson 2`);
        assert.equal(s.described, 'editor-locked', `${sel} says why`);
      }
      const note = page.locator('#editor-locked');
      assert.match(await note.textContent(), words);
      // The lesson's text stays editable: it is no decision of who reads.
      assert.equal(await row.locator('textarea[name="lesson"]').isDisabled(), false);

      // The card inspector, opened from a cell, is read-only the same way.
      await page.click('[data-view="alice/writer-v1"] [data-card-id="G2"]');
      const inspector = page.locator('[data-inspector="G2"]');
      await inspector.waitFor();
      for (const sel of ['select[name="scope"]', 'select[name="stream"]', 'select[name="owner_user"]', 'select[name="owner_agent"]', 'input[name="share_approved"]']) {
        assert.equal(await inspector.locator(sel).isDisabled(), true, `the inspector's ${sel}`);
      }
      assert.match(await inspector.locator('#inspector-locked').textContent(), words);

      // The people panel: no user or agent removed or renamed here.
      const people = page.locator('[data-panel="people"]');
      await people.waitFor({ state: 'attached' });
      assert.equal(await people.locator('[data-user="bob"] button.danger').first().isDisabled(), true);
      assert.equal(await people.locator('[data-user="bob"] input[name="user_name"]').isDisabled(), true);
      assert.equal(await people.locator('[data-agent="checker-v1"] button.danger').isDisabled(), true);
      assert.match(await people.locator('#people-locked').textContent(), words);

      // Through Act as the reviewer publishes A: the log keeps who and why.
      const before = (await logLines(page)).length;
      await act(page, { actor: 'dana', card: 'A', action: 'publish', reason: 'checked the headings rule' });
      await waitCell(page, 'bob/writer-v1', 'A');
      const lines = await logLines(page);
      assert.equal(lines.length, before + 1, 'one event');
      assert.equal(lines.at(-1).actor, 'dana');
      assert.equal(lines.at(-1).card, 'A');

      const violations = await axeScan(page);
      assert.deepEqual(violations, [], formatViolations(violations));
      assert.deepEqual(pageErrors(page), []);
    });
  });
}

test('lesson 1 has no log: every control of the editor stays editable', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const row = cardRow(page, 'Y');
    await row.waitFor({ state: 'attached' });
    for (const [sel, s] of Object.entries(await states(row))) {
      assert.equal(s.disabled, false, `${sel} in lesson 1`);
      assert.equal(s.described, null, `${sel} in lesson 1`);
    }
    assert.equal(await page.locator('#editor-locked').count(), 0);
    await row.locator('input[name="share_approved"]').check();
    await page.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
  });
});
