// Lesson 2: every change to who can read what is an act of the write path.
// A writer trying to change a group's members, a time to live or the hold of
// someone else's card is refused, in words, beside the control, in both
// languages, and nothing changes; the reviewer dana does it with a reason,
// the log keeps who and why, and scrubbing back shows the old members.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, formatViolations, pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, actIn, logLines, tick, waitCell } from './lesson2-helpers.mjs';

const env = useBrowser();

const carolBox = '[data-group="report-team"][data-member="carol"]';
const refusalIn = (page, panel) =>
  page.$eval(`[data-panel="${panel}"] [data-refusal]`, (el) => ({ code: el.getAttribute('data-refusal'), text: el.textContent }));

for (const [lang, words] of [
  ['en', { reviewer: /not a listed reviewer/, reason: /needs a reason/, owner: /only the owner or a listed reviewer/ }],
  ['zh-TW', { reviewer: /不在審查者名單上/, reason: /必須附上原因/, owner: /只有擁有者或名單上的審查者/ }],
]) {
  test(`lesson 2 (${lang}): a writer can't change who reads what; the refusal is shown beside the control`, async () => {
    await withApp(env, `lesson=2&lang=${lang}`, async (page) => {
      await waitCell(page, 'carol/writer-v1', 'T');
      const events = (await logLines(page)).length;

      // A writer, with a reason, unticks carol: refused, carol still reads T.
      await actIn(page, 'groups', { actor: 'alice/writer-v1', reason: 'carol moved' });
      await page.click(carolBox);
      await page.waitForSelector('[data-panel="groups"] [data-refusal="reviewers_only"]');
      assert.match((await refusalIn(page, 'groups')).text, words.reviewer);
      assert.ok(await page.isChecked(carolBox), 'the box shows the members as they are');
      await waitCell(page, 'carol/writer-v1', 'T');

      // The reviewer without a reason: refused too.
      await actIn(page, 'groups', { actor: 'dana', reason: '' });
      await page.click(carolBox);
      await page.waitForSelector('[data-panel="groups"] [data-refusal="no_reason"]');
      assert.match((await refusalIn(page, 'groups')).text, words.reason);

      // A time to live, as a writer: refused beside the times to live; the field shows the setting again.
      await actIn(page, 'retention', { actor: 'bob/writer-v1', reason: 'shorter notes' });
      await page.fill('#ttl-working', '1');
      await page.press('#ttl-working', 'Tab');
      await page.waitForSelector('[data-panel="retention"] [data-refusal="reviewers_only"]');
      assert.equal(await page.inputValue('#ttl-working'), '3');

      // S is carol's held rule: bob may not let it go.
      await act(page, { card: 'S' });
      await page.waitForSelector('[data-retention-card="S"]');
      await actIn(page, 'retention', { actor: 'bob', reason: 'not needed' });
      await page.click('[data-retention-card="S"] input[name="hold"]');
      await page.waitForSelector('[data-retention-card="S"] [data-refusal="not_allowed"]');
      assert.match((await refusalIn(page, 'retention')).text, words.owner);
      assert.ok(await page.isChecked('[data-retention-card="S"] input[name="hold"]'));

      // Nothing was logged; the page is accessible with the refusals showing.
      assert.equal((await logLines(page)).length, events);
      const violations = await axeScan(page);
      assert.equal(violations.length, 0, formatViolations(violations));
      assert.deepEqual(pageErrors(page), []);
    });
  });
}

test('lesson 2: the reviewer changes the members with a reason; scrubbing back shows the old members', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    await actIn(page, 'groups', { actor: 'dana', reason: 'carol moved to sales' });
    await tick(page, carolBox, false);
    await waitCell(page, 'carol/writer-v1', 'T', false);
    await waitCell(page, 'alice/writer-v1', 'T');
    const [change] = (await logLines(page)).filter((l) => l.kind === 'members');
    assert.equal(change.actor, 'dana');
    assert.match(change.text, /tick 3: dana set the members of group report-team to alice \(were alice, carol\): “carol moved to sales”/);

    // The clock moves on; back at tick 3 carol had left, at tick 2 she read T.
    await page.click('[data-panel="retention"] [data-action="advance"]');
    await page.waitForSelector('[data-tick="4"]');
    await page.click('[data-tick="3"]');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="3"]');
    await waitCell(page, 'carol/writer-v1', 'T', false);
    await page.waitForSelector('[data-panel="groups"] [data-then-members="alice"]');
    await page.click('[data-tick="2"]');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="2"]');
    await waitCell(page, 'carol/writer-v1', 'T');
    await waitCell(page, 'bob/writer-v1', 'T', false);
    assert.match(await page.locator('[data-panel="groups"] [data-then-members="alice,carol"]').innerText(), /Members at tick 2: alice, carol/);

    // Now: carol is still out.
    await page.click('[data-action="now"]');
    await page.waitForSelector('[data-panel="timeline"][data-shown-tick="4"]');
    await waitCell(page, 'carol/writer-v1', 'T', false);
    assert.equal(await page.locator('[data-then-members]').count(), 0);
    assert.deepEqual(pageErrors(page), []);
  });
});
