// Lesson 3 on screen: axe finds nothing serious in either language (on
// first load, with a diagnosis open, with a field's problem shown); the
// panel, the change strip, a field's problem and the diagnosis speak
// 繁體中文 as well as English; and on a 390 px phone nothing scrolls
// sideways, each cell shows its bar, and tapping one brings its prompt
// into view.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, formatViolations, openApp, pageErrors, screenshot, useBrowser, waitUntil, withApp } from './harness.mjs';
import { diagnose, openPrompt, promptOf, setField, waitLessonThree } from './lesson3-helpers.mjs';

const env = useBrowser();

async function assertClean(page, what) {
  const violations = await axeScan(page);
  assert.equal(violations.length, 0, `${what}:\n${formatViolations(violations)}`);
}

test('axe: lesson 3, English: first load, a diagnosis, a field\'s problem', async () => {
  await withApp(env, 'lesson=3&lang=en', async (page) => {
    await waitLessonThree(page);
    await assertClean(page, 'first load (en)');
    await diagnose(page, 'bob/checker-v1', 'S');
    await assertClean(page, 'a diagnosis (en)');
    await setField(page, 'top_k', '-1');
    await page.waitForSelector('input[name="top_k"][aria-invalid="true"]');
    await assertClean(page, 'a field\'s problem (en)');
  });
});

test('lesson 3 in 繁體中文: the panel, the strip, a field\'s problem and the diagnosis; axe clean', async () => {
  await withApp(env, 'lesson=3&lang=zh-TW', async (page) => {
    await waitLessonThree(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-TW');
    await openPrompt(page, 'bob/checker-v1');
    const panel = await page.locator('[data-panel="prompt"]').innerText();
    assert.match(panel, /bob\/checker-v1 的提示詞/);
    assert.match(panel, /命中率 66%/);
    assert.match(panel, /共用預算在 H6 放不下時就停了/);
    assert.match(await page.locator('[data-panel="prompt-settings"]').innerText(), /提示詞的預算與排序/);
    // An edit, said in the strip.
    await setField(page, 'budget-shared', 400);
    await waitUntil(page, () => /共用預算 200 → 400/.test(document.querySelector('.change-strip')?.textContent ?? ''));
    assert.match(await page.locator('.change-strip').innerText(), /bob\/checker-v1 的提示詞多了/);
    // A value the field does not take: said on the field, nothing changed.
    await setField(page, 'budget-shared', '很多');
    await page.waitForSelector('input[name="budget-shared"][aria-invalid="true"]');
    assert.match(await page.locator('#budget-shared-problem').innerText(), /「很多」不行.*沒有修改/);
    assert.equal((await promptOf(page)).tokens > 0, true);
    const d = await diagnose(page, 'alice/writer-v1', 'G');
    assert.equal(d.stop, 'forgotten');
    assert.match(d.text, /寫進去了嗎\?.*取得回來嗎\?.*進了提示詞嗎\?.*被遺忘了嗎\?/s);
    assert.match(d.text, /答案停在:被遺忘了嗎/);
    await assertClean(page, 'lesson 3 (zh-TW), with a diagnosis and a field\'s problem');
    assert.deepEqual(pageErrors(page), []);
  });
});

test('lesson 3 on a 390 px phone: no sideways scroll, a bar per cell, a tap brings the prompt into view', async () => {
  const page = await openApp(env.browser, env.server, 'lesson=3&lang=en', { viewport: { width: 390, height: 844 } });
  try {
    await waitLessonThree(page);
    const wide = await page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide`);
    assert.equal(await page.locator('[data-view] [data-prompt-bar]').count(), 6, 'every cell shows its bar');
    await screenshot(page, 'lesson3-phone-390');
    await page.click('[data-view="carol/checker-v1"] [data-prompt-bar]');
    await page.waitForSelector('[data-panel="prompt"][data-prompt="carol/checker-v1"]');
    await waitUntil(page, () => {
      const r = document.querySelector('[data-panel="prompt"]').getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    const after = await page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(after <= 390, `the page is ${after} px wide with the prompt open`);
    await assertClean(page, 'lesson 3 on a phone');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('the students\' page links lesson 3 (not built into it), which opens on its own page, marked current', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en');
  try {
    assert.equal(await page.locator('[data-panel="prompt"]').count(), 0, 'no lesson 3 on the students\' page');
    const link = page.locator('[data-menu="lessons"] a[data-lesson-link="3"]');
    assert.equal(await link.getAttribute('href'), '?lesson=3&lang=en');
    await link.click();
    await waitLessonThree(page);
    assert.equal(await page.getAttribute('[data-menu="lessons"] a[data-lesson-link="3"]', 'aria-current'), 'page');
    assert.equal(await page.locator('[data-menu="lessons"] a[data-lesson-link]').count(), 3, 'one link per lesson, lesson 3 once');
    // Lesson 1 again, from lesson 3's page.
    await page.click('[data-menu="lessons"] a[data-lesson-link="1"]');
    await page.waitForSelector('#app [data-ready] [data-panel="lesson"][data-lesson="1"]', { state: 'attached', timeout: 15_000 });
    assert.equal(await page.locator('[data-panel="prompt"]').count(), 0);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});
