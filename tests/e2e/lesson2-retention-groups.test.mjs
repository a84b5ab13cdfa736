// Lesson 2, exercises 7 and 8. Clock and tiers: advancing the clock past
// the TTLs expires W and E with their reasons in the log, the held S stays
// everywhere, and moving S from cold to hot changes no cell. Groups: with
// five users, report-team made three people (by the reviewer dana, with a
// reason); T reaches exactly them. One wrong move each: "Check my work" too
// early, and a wrong answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allViews, axeScan, formatViolations, pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, actIn, logLines, missAndHint, tick, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

test('lesson 2, exercise 7: advance past the TTLs, the held rule stays, a tier changes no view', async () => {
  await withApp(env, 'lesson=2&step=7&lang=en', async (page) => {
    assert.match(await missAndHint(page), /S is held/);
    for (let tick = 4; tick <= 7; tick += 1) {
      await page.click('[data-panel="retention"] [data-action="advance"]');
      await page.waitForSelector(`[data-tick="${tick}"]`);
    }
    await page.waitForSelector('[data-event][data-kind="expire"][data-card="W"]');
    await page.waitForSelector('[data-event][data-kind="expire"][data-card="E"]');
    assert.match(await page.locator('[data-event][data-kind="expire"][data-card="E"]').innerText(), /ttl:episodic/);
    await waitCell(page, 'carol/checker-v1', 'S');

    await act(page, { card: 'S' });
    await page.waitForSelector('[data-retention-card="S"]');
    const before = await allViews(page);
    await page.selectOption('[data-panel="retention"] select[name="tier"]', 'hot');
    await waitDone(page);
    assert.deepEqual(await allViews(page), before);
    const violations = await axeScan(page);
    assert.equal(violations.length, 0, formatViolations(violations));
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 2, exercise 8: five users, a group of three, T reaches exactly them', async () => {
  await withApp(env, 'lesson=2&step=8&lang=en', async (page) => {
    for (const user of ['dave', 'erin']) {
      await page.fill('input[name="new_user"]', user);
      await page.getByRole('button', { name: 'Add user' }).click();
      await page.waitForSelector(`[data-view="${user}/writer-v1"]`, { state: 'attached' });
    }
    // The wrong answer first: it lists what is still missing (no hint unlocked).
    await page.check('input[name="answer-7"][value="1"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"]');
    assert.equal(await page.locator('[data-panel="lesson"] [data-hint]').count(), 0);
    await page.check('input[name="answer-7"][value="3"]');
    assert.match(await page.locator('[data-panel="lesson"] .takeaway').innerText(), /never GLOBAL/);

    await waitCell(page, 'dave/writer-v1', 'T', false);
    await actIn(page, 'groups', { actor: 'dana', reason: 'dave joined the report team' });
    await tick(page, '[data-group="report-team"][data-member="dave"]', true);
    const [change] = (await logLines(page)).filter((l) => l.kind === 'members');
    assert.equal(change.actor, 'dana');
    assert.match(change.text, /report-team to alice, carol, dave \(were alice, carol\): “dave joined the report team”/);
    await waitCell(page, 'dave/writer-v1', 'T');
    await waitCell(page, 'dave/checker-v1', 'T');
    await waitCell(page, 'erin/writer-v1', 'T', false);
    await waitCell(page, 'bob/writer-v1', 'T', false);
    await waitDone(page);
    assert.deepEqual(pageErrors(page), []);
  });
});
