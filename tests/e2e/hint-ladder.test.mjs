// The learner's side of exercises as data: the hint ladder (miss, take one
// more hint, solve), the solution shown only after a confirmation and
// recorded as such, the marks row with a reset, and the result code. The
// codes the app writes here are the files in
// crates/mixua-cli/tests/from-the-browser/, byte for byte; the native test
// there (from_the_browser.rs) has `mixua grade` read those files, so the
// app's codes and the CLI's reading are held by a test at each end (issue
// 51: no journey runs the CLI). axe on the panel in each state.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, waitCell, waitDone } from './lesson2-helpers.mjs';
import {
  SEED_VIEWS, axeScan, cardRow, formatViolations, pageErrors, useBrowser, waitForViews, waitUntil, withApp,
} from './harness.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const env = useBrowser();

async function goToStep(page, n) {
  await page.getByRole('button', { name: `Step ${n}`, exact: true }).click();
  await waitUntil(page, (n) => document.querySelector('[data-panel="lesson"]')?.getAttribute('data-lesson-step') === String(n), n);
}

const hints = (page) => page.$$eval('[data-panel="lesson"] [data-hint]', (els) => els.map((e) => e.textContent));

const mark = (page, n) =>
  page.$eval(`[data-panel="lesson"] .marks li:nth-child(${n})`, (li) => ({
    mark: li.getAttribute('data-mark'),
    hints: li.getAttribute('data-hints'),
    solution: li.getAttribute('data-solution'),
    text: li.textContent,
  }));

async function assertAxeClean(page, what) {
  const violations = await axeScan(page);
  assert.equal(violations.length, 0, `${what}:\n${formatViolations(violations)}`);
}

/**
 * The result code `mixua grade` reads in crates/mixua-cli/tests/from_the_browser.rs:
 * the code the app writes for this journey's work must be this file.
 */
const gradedCode = (name) =>
  readFileSync(join(repoRoot, 'crates', 'mixua-cli', 'tests', 'from-the-browser', name), 'utf8').trim();

const missing = (page) => page.$$eval('[data-panel="lesson"] [data-missing]', (els) => els.map((e) => e.textContent));

test('hint ladder: a failed check lists what is missing and uses no hint; two are asked for, then the step is solved', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await goToStep(page, 4);
    assert.deepEqual(await hints(page), []);
    // Check my work too early: what is still missing, and no hint.
    await page.click('[data-action="check-step"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing]');
    const open = await missing(page);
    assert.ok(open.length >= 2 && open.some((m) => /question/.test(m)), `the open items and the question: ${open}`);
    assert.match(await page.locator('[data-panel="lesson"] [data-step-status="missing"]').innerText(), /Still missing/);
    assert.deepEqual(await hints(page), [], 'a failed check shows no hint');
    assert.match(await page.locator('[data-action="next-hint"]').innerText(), /\(1\/2\)/, 'the ladder is untouched');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .marks li:nth-child(4)')?.getAttribute('data-hints') === '0');
    assert.doesNotMatch((await mark(page, 4)).text, /hint/);
    // The first hint, asked for.
    await page.click('[data-action="next-hint"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="hint"] [data-hint="1"]');
    assert.match((await hints(page))[0], /polar researcher/);
    // One more hint, from the ladder.
    await page.click('[data-action="next-hint"]');
    await page.waitForSelector('[data-hint="2"]');
    assert.equal((await hints(page)).length, 2);
    assert.match((await hints(page))[1], /Sharing approved/);
    assert.equal(await page.locator('[data-action="next-hint"]').count(), 0, 'the ladder has two rungs here');
    await assertAxeClean(page, 'the lesson panel with two hints');

    // Solve it.
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    const expected = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
    assert.deepEqual(await waitForViews(page, expected), expected);
    await page.check('input[name="answer-3"][value="0"]');
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"]');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .marks li:nth-child(4)')?.getAttribute('data-mark') === 'solved');
    const m = await mark(page, 4);
    assert.equal(m.hints, '2');
    assert.match(m.text, /4 · solved · 2 hints/);

    // The mark can be reset, step by step.
    await page.locator('[data-panel="lesson"] .marks li:nth-child(4) [data-action="reset-exercise"]').click();
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .marks li:nth-child(4)')?.getAttribute('data-hints') === '0');
    // Y is still approved and the answer gone: the step holds again only once answered.
    assert.equal((await mark(page, 4)).mark, 'not');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('solution: shown only after a confirmation, undoable, and solving after it is recorded as such', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await goToStep(page, 4);
    await page.click('[data-action="show-solution"]');
    // Asked first; cancelling changes nothing.
    await page.waitForSelector('[data-action="confirm-solution"]');
    await assertAxeClean(page, 'the solution confirmation');
    await page.click('[data-action="cancel-solution"]');
    assert.equal(await page.locator('[data-action="confirm-solution"]').count(), 0);
    assert.equal((await mark(page, 4)).solution, 'false');

    await page.click('[data-action="show-solution"]');
    await page.click('[data-action="confirm-solution"]');
    const expected = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
    assert.deepEqual(await waitForViews(page, expected), expected, 'the solution approves Y');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .marks li:nth-child(4)')?.getAttribute('data-solution') === 'true');
    await page.check('input[name="answer-3"][value="0"]');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .marks li:nth-child(4)')?.getAttribute('data-mark') === 'with_solution');
    assert.match((await mark(page, 4)).text, /solved with the solution/);

    // The solution was an edit: Undo brings the work before it back.
    await page.getByRole('button', { name: /^Undo/ }).first().click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    // The mark stays: it records what happened.
    assert.equal((await mark(page, 4)).mark, 'with_solution');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('result code: written by the app, the code mixua grade reads (a changed code refused there)', async () => {
  await withApp(env, 'lang=en', async (page) => {
    // Exercise 4 with one hint, exercise 2 answered right.
    await goToStep(page, 4);
    await page.click('[data-action="next-hint"]');
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.check('input[name="answer-3"][value="0"]');
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"]');
    await goToStep(page, 2);
    await page.check('input[name="answer-1"][value="2"]');
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"]');

    await page.click('[data-action="result-code"]');
    await page.fill('input[name="student_name"]', 'Mei');
    await waitUntil(page, () => document.querySelector('textarea[name="result_code"]')?.value.length > 10);
    const code = await page.inputValue('textarea[name="result_code"]');
    assert.match(code, /^MX1-[0-9A-Z]+$/);
    await assertAxeClean(page, 'the result code');

    // Exercise 4 with one hint, exercise 2 right, Mei: graded (and a changed
    // code refused) by from_the_browser.rs.
    assert.equal(code, gradedCode('lesson1-mei.code'), 'the code mixua grade reads');
    // The name is the learner's: written once, it is there after a reload.
    await page.reload();
    await page.waitForSelector('#app [data-view]');
    await page.click('[data-action="result-code"]');
    assert.equal(await page.inputValue('input[name="student_name"]'), 'Mei');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('hint ladder in 繁體中文: a failed check lists what is missing (還缺) and the mark counts no hint', async () => {
  await withApp(env, 'lang=zh-TW', async (page) => {
    await page.getByRole('button', { name: '第 4 步', exact: true }).click();
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"]')?.getAttribute('data-lesson-step') === '4');
    await page.click('[data-action="check-step"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing]');
    assert.match(await page.locator('[data-panel="lesson"] [data-step-status="missing"]').innerText(), /還缺/);
    assert.deepEqual(await hints(page), []);
    assert.equal((await mark(page, 4)).hints, '0');
    assert.doesNotMatch((await mark(page, 4)).text, /提示/);
    assert.deepEqual(pageErrors(page), []);
  });
});

// Lesson 2 has the same ladder, marks and code: one rung per exercise here.
test('lesson 2: a miss lists what is missing, the hint is asked for, the step solved after it is marked so, and its code reads with --pack lesson2', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    await page.click('[data-action="check-step"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing]');
    assert.deepEqual(await hints(page), []);
    await page.click('[data-action="next-hint"]');
    await page.waitForSelector('[data-panel="lesson"] [data-hint="1"]');
    assert.match((await hints(page))[0], /listed reviewer/);
    assert.equal(await page.locator('[data-action="next-hint"]').count(), 0, 'one rung');
    // The exercise asks for the refusal first, then a reviewer's publish.
    await act(page, { actor: 'writer-v1', card: 'A', action: 'publish' });
    await page.waitForSelector('[data-panel="act"] [data-refusal]');
    await act(page, { actor: 'dana', card: 'A', action: 'publish' });
    await waitCell(page, 'bob/writer-v1', 'A');
    await waitDone(page);
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .marks li:nth-child(1)')?.getAttribute('data-mark') === 'solved');
    assert.match((await mark(page, 1)).text, /1 · solved · 1 hint/);
    await page.click('[data-action="result-code"]');
    await page.fill('input[name="student_name"]', 'Lin');
    await waitUntil(page, () => document.querySelector('textarea[name="result_code"]')?.value.length > 10);
    // Exercise 1 solved after one hint, 1 of 8: graded with --pack lesson2 by from_the_browser.rs.
    assert.equal(await page.inputValue('textarea[name="result_code"]'), gradedCode('lesson2-lin.code'), 'the code mixua grade reads');
    assert.deepEqual(pageErrors(page), []);
  });
});

// The result code reports the predicted cells as first revealed: one wrong
// cell at the first reveal stays wrong in the code (and in the class
// view's heatmap) after the learner puts it right and solves the step.
test('result code: the first reveal\'s wrong cell stays in the code after the step is solved', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.click('[data-action="predict-mode"]');
    const predicted = { ...SEED_VIEWS, 'bob/checker-v1': ['G', 'B', 'A'] };
    for (const [viewer, ids] of Object.entries(predicted)) {
      for (const id of ids) await page.check(`[data-view="${viewer}"] input[name="predict"][value="${id}"]`);
    }
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-view="bob/checker-v1"] [data-grade="wrong"]');
    await page.click('[data-action="reveal"]'); // hide and predict again
    await page.uncheck('[data-view="bob/checker-v1"] input[name="predict"][value="A"]');
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"]');
    await page.click('[data-action="result-code"]');
    await waitUntil(page, () => document.querySelector('textarea[name="result_code"]')?.value.length > 10);
    // Exercise 1 ✓ 3/4 (bob/checker-v1 wrong at the first reveal): graded by from_the_browser.rs.
    assert.equal(await page.inputValue('textarea[name="result_code"]'), gradedCode('lesson1-first-reveal.code'), 'the code mixua grade reads');
    assert.deepEqual(pageErrors(page), []);
  });
});
