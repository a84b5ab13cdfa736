// Predict, then reveal, on the seed with one deliberate mistake per round:
// the wrong cell is graded wrong, names the card it got wrong, and explains
// it with the policy's reason; the other cells are graded correct.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, pageErrors, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

async function grades(page) {
  return page.$$eval('[data-view]', (cells) =>
    Object.fromEntries(
      cells.map((cell) => [
        cell.getAttribute('data-view'),
        {
          grade: cell.querySelector('[data-grade]')?.getAttribute('data-grade') ?? null,
          missing: Array.from(cell.querySelectorAll('[data-missing-id]'), (li) => [li.getAttribute('data-missing-id'), li.textContent]),
          extra: Array.from(cell.querySelectorAll('[data-extra-id]'), (li) => [li.getAttribute('data-extra-id'), li.textContent]),
        },
      ]),
    ),
  );
}

test('one extra card, then one missing card: graded and explained', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    await page.click('[data-action="predict-mode"]');
    // The seed's views, except that bob/checker-v1 also expects A.
    const predicted = { ...SEED_VIEWS, 'bob/checker-v1': ['G', 'B', 'A'] };
    for (const [viewer, ids] of Object.entries(predicted)) {
      for (const id of ids) await page.check(`[data-view="${viewer}"] input[name="predict"][value="${id}"]`);
    }
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-grade]');

    let graded = await grades(page);
    for (const viewer of ['alice/writer-v1', 'alice/checker-v1', 'bob/writer-v1']) {
      assert.deepEqual(graded[viewer], { grade: 'correct', missing: [], extra: [] }, viewer);
    }
    const bob = graded['bob/checker-v1'];
    assert.equal(bob.grade, 'wrong');
    assert.deepEqual(bob.missing, []);
    assert.equal(bob.extra.length, 1);
    assert.equal(bob.extra[0][0], 'A');
    // The policy's reason, in words: A follows its agent, and bob/checker-v1 uses another.
    assert.equal(
      bob.extra[0][1],
      'A: A is an AGENT card of writer-v1: only viewers working with writer-v1 read it, and bob/checker-v1 uses checker-v1.',
    );
    // After reveal the views are back, with the real answer.
    assert.deepEqual(
      await page.$$eval('[data-view="bob/checker-v1"] [data-card-id]', (els) => els.map((el) => el.getAttribute('data-card-id'))),
      ['G', 'B'],
    );

    // Second round: fix bob, forget U for alice/checker-v1.
    await page.click('[data-action="reveal"]'); // "Hide and predict again"
    await page.uncheck('[data-view="bob/checker-v1"] input[name="predict"][value="A"]');
    await page.uncheck('[data-view="alice/checker-v1"] input[name="predict"][value="U"]');
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-view="alice/checker-v1"] [data-grade="wrong"]');

    graded = await grades(page);
    assert.deepEqual(graded['bob/checker-v1'], { grade: 'correct', missing: [], extra: [] });
    const alice = graded['alice/checker-v1'];
    assert.equal(alice.grade, 'wrong');
    assert.deepEqual(alice.extra, []);
    assert.deepEqual(alice.missing.map(([id]) => id), ['U']);
    assert.equal(
      alice.missing[0][1],
      'U: U is a USER card of alice: it follows alice to every agent, so it is readable; it also matches the query “報告”, so alice/checker-v1 retrieves it.',
    );
    assert.deepEqual(pageErrors(page), []);
  });
});
