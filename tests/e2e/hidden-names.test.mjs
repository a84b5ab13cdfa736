// Names that hide characters (issue 24, item 7) and a byte order mark
// before the class's codes (item 4): the class view reads a list that
// starts with a mark (and a dropped file's mark), refuses a code whose
// student name holds a right-to-left override in words that name it by its
// code point (never printing it), and the learner's own name field says
// when a name hides a character and leaves it out of the code.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, pageErrors, useBrowser, waitUntil } from './harness.mjs';
import { resultCode } from './pack-helpers.mjs';

const env = useBrowser();

test('the class view reads past a byte order mark and refuses a student name that hides a character', async () => {
  const page = await openApp(env.browser, env.server, 'teach.html?lang=en');
  try {
    // The pack in progress is the empty `my-pack`, version 1.
    const code = (name) => resultCode({ pack: 'my-pack', version: 1, name, exercises: [] });
    await page.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => page.click('[data-action="class-view"]'));
    const view = page.locator('[data-panel="class-view"]');
    await view.locator('textarea[name="result_codes"]').fill(`\u{FEFF}${code('Ann')}\n${code('Bo\u{202E}b')}\n\u{FEFF}${code('Cy')}\n`);
    await page.waitForSelector('[data-result-row="Cy"]');
    assert.deepEqual(await view.locator('[data-result-row]').evaluateAll((rows) => rows.map((r) => r.dataset.resultRow)), ['Ann', 'Cy']);
    const refused = await view.locator('[data-refused]').evaluateAll((lis) => lis.map((l) => [l.dataset.refused, l.dataset.reason, l.textContent]));
    assert.deepEqual(refused.map(([line, reason]) => [line, reason]), [['2', 'bad_name']]);
    assert.match(refused[0][2], /U\+202E/);
    assert.ok(!refused[0][2].includes('\u{202E}'), refused[0][2]);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('a learner name that hides a character is said beside the field and left out of the code', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en');
  try {
    await page.click('[data-action="result-code"]');
    const codeNow = () => page.inputValue('textarea[name="result_code"]');
    await page.fill('input[name="student_name"]', '');
    await waitUntil(page, () => document.querySelector('textarea[name="result_code"]')?.value.startsWith('MX1-'));
    const nameless = await codeNow();
    await page.fill('input[name="student_name"]', 'ali\u{200B}ce');
    const alert = page.locator('[data-name-problem]');
    await alert.waitFor();
    assert.equal(await alert.getAttribute('data-name-problem'), 'name_invisible_character');
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.match(await alert.innerText(), /left out of the code.*U\+200B/);
    assert.equal(await codeNow(), nameless, 'the code carries no name');
    await page.fill('input[name="student_name"]', 'alice');
    await alert.waitFor({ state: 'detached' });
    assert.notEqual(await codeNow(), nameless, 'a visible name goes into the code');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});
