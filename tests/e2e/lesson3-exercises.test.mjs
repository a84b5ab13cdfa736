// Lesson 3, what reaches the prompt: each of the pack's five exercises
// solved in the playground, on one continuing work, each after one wrong
// move, its "Check my work" (what is missing, no hint) and its first hint.
// Every prompt, drop reason and metric is the crate's; the journey reads
// them through the documented hooks (tests/e2e/README.md).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { actIn, missAndHint, tick, waitDone } from './lesson2-helpers.mjs';
import { chooseCard, diagnose, goToStep, openPrompt, promptOf, setField, waitLessonThree, waitLoaded } from './lesson3-helpers.mjs';

const env = useBrowser();

const strip = (page) => page.locator('.change-strip').innerText();

test('lesson 3: the five exercises, each solved after a wrong move and its hint', async () => {
  await withApp(env, 'lesson=3&lang=en', async (page) => {
    await waitLessonThree(page);

    // 1. The session that grew: S is queued behind bob's history.
    await openPrompt(page, 'bob/checker-v1');
    let p = await promptOf(page);
    assert.equal(p.dropped.S, 'behind', 'S waits behind the budget that stopped at H6');
    assert.equal(p.dropped.H6, 'crowded_out');
    assert.ok(p.always.includes('H1'), 'the history is injected at the start');
    assert.equal(p.stale, 1, 'the cache served bob\'s task the replaced G');
    // An item that already holds shows as done: the total budget is 200
    // and the history is bob's; S is the item left.
    const checklist = () => page.$$eval('[data-panel="lesson"] .checklist li', (lis) => lis.map((li) => [li.textContent, li.getAttribute('data-done')]));
    let items = await checklist();
    assert.deepEqual(items.map(([, done]) => done), ['false', 'true', 'true'], JSON.stringify(items));
    assert.match(items[1][0], /at most 200 tokens/);
    // The wrong move: raising the total budget gets S in, but the task
    // forbids it.
    await setField(page, 'budget-shared', 400);
    await waitLoaded(page, 'bob/checker-v1', 'S');
    assert.match(await strip(page), /shared budget 200 → 400/);
    assert.match(await strip(page), /bob\/checker-v1's prompt now holds .*S/);
    const hint1 = await missAndHint(page);
    assert.match(hint1, /stopped at H6/);
    assert.match(await page.locator('[data-panel="lesson"] [data-missing]').first().innerText(), /200/);
    // Undone: the budget is back, and the strip says so.
    await page.keyboard.press('Control+z');
    await waitLoaded(page, 'bob/checker-v1', 'S', false);
    assert.equal(await page.inputValue('input[name="budget-shared"]'), '200');
    assert.match(await strip(page), /Undone: .*shared budget 400 → 200/);
    // The fix: S is a high-risk rule, hard-retained at the start.
    await chooseCard(page, 'S');
    await page.check('[data-panel="prompt-settings"] input[name="risk"]');
    await waitLoaded(page, 'bob/checker-v1', 'S');
    p = await promptOf(page);
    assert.equal(p.always[0], 'S', 'a hard-retained card is loaded first');
    assert.match(await strip(page), /S\.risk \(unset\) → "high"/);
    await waitDone(page);

    // 2. Layered beats dumping: the start holds at most 40% of the baseline.
    await goToStep(page, 2);
    p = await promptOf(page);
    assert.ok(p.startup * 100 > p.baseline * 40, `the start is ${p.startup} of ${p.baseline}`);
    // The wrong move: a shared budget of 50 gets the start under 40%, but
    // only by cutting the history off: that is no layering.
    await setField(page, 'budget-shared', 50);
    await waitUntil(page, () => document.querySelector('input[name="budget-shared"]')?.value === '50');
    p = await promptOf(page);
    assert.ok(p.startup * 100 <= p.baseline * 40, `the cut start is ${p.startup} of ${p.baseline}`);
    const hint2 = await missAndHint(page);
    assert.match(hint2, /prompt\.load\.episodic/);
    const missing2 = await page.$$eval('[data-panel="lesson"] [data-missing="item"]', (lis) => lis.map((li) => li.textContent));
    assert.deepEqual(missing2, ["bob's history (H1–H8) is retrieved on demand, none of it cut by a budget"]);
    await page.keyboard.press('Control+z');
    await waitUntil(page, () => document.querySelector('input[name="budget-shared"]')?.value === '200');
    // The fix: history is retrieved on demand.
    await page.selectOption('[data-panel="prompt-settings"] select[name="load-episodic"]', 'retrieved');
    await waitUntil(page, () => !document.querySelector('[data-panel="prompt"] [data-layer="always"] [data-loaded="H1"]'));
    p = await promptOf(page);
    assert.ok(p.startup * 100 <= p.baseline * 40, `the start is now ${p.startup} of ${p.baseline}`);
    assert.equal(p.hit, 100);
    for (const id of ['S', 'G2', 'W']) assert.ok(p.loaded.includes(id), `${id} is in the prompt`);
    assert.match(await strip(page), /episodic memory loads always in → retrieved/);
    await waitDone(page);

    // 3. Four "it forgot" reports: the right answer alone is not enough;
    // each report is diagnosed from its own cell.
    await goToStep(page, 3);
    await page.check('[data-panel="lesson"] input[name="answer-2"][value="2"]');
    await page.waitForSelector('[data-panel="lesson"] .question .ok');
    const hint3 = await missAndHint(page);
    assert.match(hint3, /first wrong answer/);
    assert.equal(await page.locator('[data-panel="lesson"] [data-missing="item"]').count(), 4, 'no report diagnosed yet');
    const stops = [];
    for (const [viewer, card] of [['alice/writer-v1', 'G'], ['bob/checker-v1', 'M'], ['bob/checker-v1', 'C'], ['alice/checker-v1', 'A']]) {
      stops.push((await diagnose(page, viewer, card)).stop);
    }
    // Not the order the questions are asked in.
    assert.deepEqual(stops, ['forgotten', 'in_prompt', 'written', 'retrievable']);
    await waitDone(page);

    // 4. No stale memory: G is in no prompt, but the cache still serves it
    // to bob's task: stale use is 1 at the start.
    await goToStep(page, 4);
    await page.waitForSelector('.side > .tool[data-tool="cache"] [data-panel="cache"]');
    for (const [viewer, stale] of [['alice/writer-v1', 0], ['bob/checker-v1', 1]]) {
      await page.selectOption('[data-panel="prompt"] select[name="prompt-viewer"]', viewer);
      await page.waitForSelector(`[data-panel="prompt"][data-prompt="${viewer}"]`);
      p = await promptOf(page);
      assert.ok(!p.loaded.includes('G'), `G is in no prompt (${viewer})`);
      assert.equal(p.stale, stale, `stale use of ${viewer}'s task`);
    }
    assert.match(await page.locator('[data-panel="prompt"] [data-metric="stale"]').innerText(), /Stale use.*: 1: the read at tick 2 was answered from the cache \(saved at tick 0\) with G/);
    await page.waitForSelector('[data-panel="cache"] [data-served="true"][data-stale="true"]');
    // The wrong move: purging, as someone who may not change the cache.
    await actIn(page, 'cache', { actor: 'bob/checker-v1', reason: 'stale answers' });
    await page.click('[data-panel="cache"] input[name="purge"]');
    await page.waitForSelector('[data-panel="cache"] [data-refusal]');
    assert.equal(await page.isChecked('[data-panel="cache"] input[name="purge"]'), false, 'refused: nothing changed');
    const hint4 = await missAndHint(page);
    assert.match(hint4, /assembled only from what is in effect/);
    // The fix: the reviewer turns purging on.
    await actIn(page, 'cache', { actor: 'dana', reason: 'stale answers still held G' });
    await tick(page, '[data-panel="cache"] input[name="purge"]', true);
    await page.waitForSelector('[data-panel="cache"] .cache-summary[data-cache-stale="0"]');
    // The fix brings bob's stale use to 0.
    await page.waitForSelector('[data-panel="prompt"][data-prompt="bob/checker-v1"] [data-metric="stale"][data-stale-use="0"]');
    await waitDone(page);

    // 5. Popular is not right: F outranks the reviewed R.
    // The step opens its task's viewer's prompt.
    await goToStep(page, 5);
    await page.waitForSelector('[data-panel="prompt"][data-prompt="alice/writer-v1"]');
    p = await promptOf(page);
    const before = (p) => p.retrieved.indexOf('F') < p.retrieved.indexOf('R');
    assert.ok(p.retrieved.includes('R') && before(p), `F is retrieved ahead of R: ${p.retrieved}`);
    // F's usage is shown, never ranked.
    await chooseCard(page, 'F');
    assert.match(await page.locator('[data-panel="prompt-settings"] [data-uses="42"]').innerText(), /never ranked/);
    // The wrong move: a weight that is no number is refused on its field,
    // in words, and changes nothing.
    await setField(page, 'weight-review', 'two');
    await page.waitForSelector('input[name="weight-review"][aria-invalid="true"]');
    assert.match(await page.locator('#weight-review-problem').innerText(), /won't do: a whole number from 0 to 100\. Nothing changed/);
    const hint5 = await missAndHint(page);
    assert.match(hint5, /review weighs 0/);
    // The fix: review weighs 2; reviewed evidence wins.
    await setField(page, 'weight-review', 2);
    await waitUntil(page, () => {
      const ids = [...document.querySelectorAll('[data-panel="prompt"] [data-layer="retrieved"] [data-loaded]')].map((e) => e.getAttribute('data-loaded'));
      return ids.indexOf('R') >= 0 && ids.indexOf('R') < ids.indexOf('F');
    });
    assert.equal(await page.getAttribute('input[name="weight-review"]', 'aria-invalid'), null);
    assert.match(await strip(page), /ranking weight review 0 → 2/);
    assert.equal((await promptOf(page)).hit, 100);
    await waitDone(page);

    // Every step is marked solved.
    const marks = await page.$$eval('[data-panel="lesson"] .marks li', (lis) => lis.map((li) => li.getAttribute('data-mark')));
    assert.deepEqual(marks, ['solved', 'solved', 'solved', 'solved', 'solved']);
    assert.deepEqual(pageErrors(page), []);
  });
});
