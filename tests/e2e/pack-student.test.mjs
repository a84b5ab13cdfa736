// The student's side of a teacher's pack (issue 12): a second browser
// opens the pack link; the pack starts and the student's own saved work is
// set aside, never overwritten. Then the student misses once, takes one
// hint, solves the first exercise, reveals the second's solution and hands
// in the result code, which the teacher's class view reads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, SEED_VIEWS_WITHOUT_G, allStorage, cardRow, openApp, openPage, pageErrors, savedWork, useBrowser, waitForNotice, waitForViews, waitForSavedWork } from './harness.mjs';
import { buildPack, tampered } from './pack-helpers.mjs';

const env = useBrowser();
const shots = process.env.MIXUA_SHOTS ?? '/tmp/shots-12b';

let made;
/** The teacher's page with the pack built (made once for the file). */
async function teacher() {
  if (!made) {
    const page = await openApp(env.browser, env.server, 'teach.html?lang=en');
    made = { page, ...(await buildPack(page, shots)) };
  }
  return made;
}

test('a second browser opens the pack link: exercise 1 starts, and the student\'s own work is set aside', async () => {
  const { link } = await teacher();
  const context = await env.browser.newContext();
  try {
    // The student's own work, autosaved.
    const own = await openPage(context, env.server, 'lang=en');
    await own.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitForViews(own, SEED_VIEWS_WITHOUT_G);
    const ownWork = await waitForSavedWork(own, (work) => !work.cards.some((c) => c.id === 'G'));
    await own.close();

    const page = await openPage(context, env.server, 'lang=en', new URL(link).hash);
    assert.match(await waitForNotice(page, 'info', 'Opened the pack'), /“Who reads what” \(2 exercises\).*one Undo brings it back/);
    // Exercise 1 starts from the seed (in the student's language).
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    const stored = await allStorage(page);
    assert.equal(JSON.parse(JSON.parse(stored['mixua-playground/v2/started-pack'])).id, 'class-7b');
    // The own work is kept: its slot untouched, and one Undo brings it back.
    const slots = Object.entries(stored).filter(([k]) => k.startsWith('mixua-playground/v2/work/'));
    assert.ok(slots.some(([, v]) => JSON.stringify(JSON.parse(v).work) === ownWork), 'the own work\'s slot is untouched');
    await page.keyboard.press('Control+z');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

// Runs the pack in the lesson panel with part A's hooks (issue 12 part A:
// the hint ladder, "show solution", the result code). Until the lesson
// panel runs an authored pack, this journey is a todo: it runs, and its
// failure is reported without failing the suite.
test('the student misses once, takes a hint, solves 1, reveals 2\'s solution, and the teacher reads the code', async () => {
  const { link, page: teacherPage } = await teacher();
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en', new URL(link).hash);
    await page.waitForSelector('[data-panel="lesson"]');
    assert.match(await page.locator('[data-panel="lesson"]').innerText(), /Bob reads Y/);
    // The miss lists what is missing; the first rung is asked for: the one hint taken.
    await page.click('[data-action="check-step"]');
    await page.waitForSelector('[data-step-status="missing"] [data-missing]');
    assert.equal(await page.locator('[data-hint]').count(), 0);
    await page.click('[data-action="next-hint"]');
    await page.waitForSelector('[data-hint]');
    assert.equal(await page.locator('[data-hint]').count(), 1);
    assert.match(await page.locator('[data-hint]').first().innerText(), /GLOBAL card need/);
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.waitForSelector('[data-panel="lesson"][data-step-done="true"]');
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.click('[data-action="show-solution"]');
    await page.click('[data-action="confirm-solution"]');
    await page.click('[data-action="result-code"]');
    const code = await page.inputValue('textarea[name="result_code"]');
    assert.match(code, /^MX1-/);

    await teacherPage.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => teacherPage.click('[data-action=\"class-view\"]'));
    await teacherPage.fill('textarea[name="result_codes"]', `${code}\n${tampered(code)}`);
    const row = teacherPage.locator('[data-result-row]');
    await row.first().waitFor();
    assert.equal(await row.count(), 1);
    assert.deepEqual(await row.locator('td').evaluateAll((tds) => tds.map((t) => [t.dataset.solved, t.dataset.hints, t.dataset.solutionSeen])),
      [['solved', '1', 'false'], ['with_solution', '0', 'true']]);
    assert.equal(await teacherPage.locator('[data-refused][data-reason="checksum"]').count(), 1);
  } finally {
    await context.close();
  }
});

// Classroom mode: the arrow keys go through a pack's exercises the way the
// buttons do, each exercise from its own start (the second's start leaks).
test('in classroom mode the arrow keys load each exercise\'s own start', async () => {
  const { link } = await teacher();
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await openPage(context, env.server, 'lang=en&classroom', new URL(link).hash);
    const step = () => page.$eval('[data-panel="lesson"]', (el) => el.getAttribute('data-lesson-step'));
    assert.equal(await step(), '1');
    assert.equal(await page.locator('[data-view] [data-leak]').count(), 0, 'exercise 1 starts from the seed');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[data-panel="lesson"][data-lesson-step="2"]');
    await page.waitForSelector('[data-view] [data-leak]');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('[data-panel="lesson"][data-lesson-step="1"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-view] [data-leak]').length === 0);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});
