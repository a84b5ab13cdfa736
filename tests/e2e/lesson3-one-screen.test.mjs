// Issue 50, item 1 (and lesson 3's parts of item 5): lesson 3 on one
// screen. At 1280×800 and 1366×768, for each of lesson 3's five exercises,
// the controls the exercise names are inside the window when it opens, and
// using them gives an answer inside the window too (beside the control:
// the settings' "Changed: …" line, the diagnosis, the cache's summary or
// refusal), with bob/checker-v1's cell and bar on screen. The page is no
// taller than lesson 1's; in classroom mode at 1366×768 bob/checker-v1's
// cell is on the first screen; on a 390 px phone the chart comes first and
// a cell's prompt opens as a sheet that covers neither the cell it is
// about nor the diagnosis it gives. The cache's Purge box is a group of
// its own, not the end of the key's line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, flushSave, formatViolations, nextFrames, openApp, pageErrors, screenshot, useBrowser, waitUntil } from './harness.mjs';
import { waitLessonThree } from './lesson3-helpers.mjs';

const env = useBrowser();

const DESKTOPS = [{ width: 1280, height: 800 }, { width: 1366, height: 768 }];

/** Where the element `selector` names is, if it is not whole inside the window (else null). */
const offScreen = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const whole = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    return whole ? null : `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} in ${innerWidth}×${innerHeight}`;
  });

/** Asserts that each selector's element is whole inside the window, after waiting for it. */
async function onScreen(page, what, ...selectors) {
  for (const selector of selectors) {
    await page.waitForSelector(selector);
    // An answer may scroll into view (its column's, as the focus moves there).
    try {
      await waitUntil(page, (s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      }, selector, { timeout: 2_000 });
    } catch {
      // Said below, with where it is.
    }
    const off = await offScreen(page, selector);
    assert.equal(off, null, `${what}: ${selector} is not on the first screen (${off})`);
  }
}

/** Opens a fresh lesson 3 at an exercise, in a page of `context`. */
async function openStep(context, step, lang = 'en') {
  const page = await context.newPage();
  await page.goto(`${env.server.url}lesson3.html?fresh&lesson=3&step=${step}&lang=${lang}`);
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
  await waitLessonThree(page);
  await page.waitForSelector(`[data-panel="lesson"][data-lesson-step="${step}"]`);
  return page;
}

/** Types a value into a prompt setting and leaves the field (it commits on change). */
async function setSetting(page, name, value) {
  const field = page.locator(`[data-panel="prompt-settings"] input[name="${name}"]`);
  await field.fill(String(value));
  await field.press('Tab');
}

/** Each exercise: the controls it names, used, and the answer they give, all on the first screen. */
const EXERCISES = [
  [1, 'S back in bob\'s prompt without raising the total', async (page) => {
    await onScreen(page, 'the budgets and the card picker', '[data-panel="prompt-settings"] input[name="budget-episodic"]',
      '[data-panel="prompt-settings"] input[name="budget-shared"]', '[data-panel="prompt-settings"] select[name="prompt-card"]');
    await page.selectOption('[data-panel="prompt-settings"] select[name="prompt-card"]', 'S');
    await onScreen(page, 'S\'s prompt keys', '[data-card-keys="S"] input[name="risk"]');
    // The box shows the work's value (re-rendered after the edit): clicked, then awaited.
    await page.click('[data-card-keys="S"] input[name="risk"]');
    await page.waitForSelector('[data-card-keys="S"] input[name="risk"]:checked');
    await page.waitForSelector('[data-panel="prompt"][data-prompt="bob/checker-v1"] [data-loaded="S"]');
    await onScreen(page, 'the answer beside the card\'s keys', '[data-panel="prompt-settings"] [data-said="card"]');
    assert.match(await page.locator('[data-said="card"]').innerText(), /bob\/checker-v1/);
  }],
  [2, 'layering: episodic memory retrieved', async (page) => {
    await onScreen(page, 'the layers', '[data-panel="prompt-settings"] select[name="load-episodic"]');
    const before = await page.getAttribute('[data-metric="startup"]', 'data-startup-tokens');
    await page.selectOption('[data-panel="prompt-settings"] select[name="load-episodic"]', 'retrieved');
    await waitUntil(page, (b) => document.querySelector('[data-metric="startup"]').getAttribute('data-startup-tokens') !== b, before);
    // Said beside the layers, and shown by bob's bar in the chart.
    await onScreen(page, 'the answer beside the layers, and bob\'s bar', '[data-panel="prompt-settings"] [data-said="loads"]',
      '[data-view="bob/checker-v1"] [data-prompt-bar]');
    assert.match(await page.locator('[data-said="loads"]').innerText(), /episodic memory loads always in → retrieved/);
  }],
  [3, 'a report diagnosed from its cell', async (page) => {
    await onScreen(page, 'alice/writer-v1\'s bar', '[data-view="alice/writer-v1"] [data-prompt-bar]');
    await page.click('[data-view="alice/writer-v1"] [data-prompt-bar]');
    await page.waitForSelector('[data-panel="prompt"][data-prompt="alice/writer-v1"]');
    await onScreen(page, 'the diagnosis\'s card and button', '[data-panel="prompt"] select[name="diagnose-card"]',
      '[data-panel="prompt"] .diagnose-form [data-action="diagnose"]');
    await page.selectOption('[data-panel="prompt"] select[name="diagnose-card"]', 'G');
    await page.click('[data-panel="prompt"] .diagnose-form [data-action="diagnose"]');
    await page.waitForSelector('[data-diagnosis="G"][data-viewer="alice/writer-v1"]');
    await onScreen(page, 'the diagnosis', '[data-diagnosis="G"] h3', '[data-diagnosis="G"] .stop');
  }],
  [4, 'the cache purges, set by a reviewer', async (page) => {
    await onScreen(page, 'the cache\'s who, why and Purge', '[data-panel="cache"] select[name="panel-actor"]',
      '[data-panel="cache"] input[name="panel-reason"]', '[data-panel="cache"] input[name="purge"]');
    // Purge is a group of its own, named for what it is.
    assert.equal(await page.$eval('[data-panel="cache"] input[name="purge"]', (el) => el.closest('fieldset')?.querySelector('legend')?.textContent ?? ''),
      'Purging (not a part of the key)');
    // Not a reviewer: refused, beside the box.
    await page.selectOption('[data-panel="cache"] select[name="panel-actor"]', 'alice/writer-v1');
    await page.click('[data-panel="cache"] input[name="purge"]');
    await onScreen(page, 'the refusal', '[data-panel="cache"] [data-refusal]');
    await page.selectOption('[data-panel="cache"] select[name="panel-actor"]', 'dana');
    await page.fill('[data-panel="cache"] input[name="panel-reason"]', 'G was replaced by G2');
    await page.click('[data-panel="cache"] input[name="purge"]');
    await waitUntil(page, () => document.querySelector('[data-panel="cache"] .cache-summary')?.getAttribute('data-cache-stale') === '0');
    await onScreen(page, 'the cache\'s answer', '[data-panel="cache"] .cache-summary');
  }],
  [5, 'review weighs in the ranking', async (page) => {
    await onScreen(page, 'the ranking weights', '[data-panel="prompt-settings"] input[name="weight-review"]');
    await setSetting(page, 'weight-review', 2);
    await onScreen(page, 'the answer beside the weights', '[data-panel="prompt-settings"] [data-said="weights"]');
  }],
];

for (const viewport of DESKTOPS) {
  test(`lesson 3 at ${viewport.width}×${viewport.height}: each exercise's controls and their answers on the first screen, bob/checker-v1's cell too`, async () => {
    const context = await env.browser.newContext({ viewport, locale: 'en-US' });
    try {
      const failed = [];
      for (const [step, what, body] of EXERCISES) {
        const page = await openStep(context, step);
        try {
          await onScreen(page, `exercise ${step}: the task`, '[data-panel="lesson"] .task');
          await onScreen(page, `exercise ${step}: bob/checker-v1`, '[data-view="bob/checker-v1"] [data-prompt-bar]', '[data-view="bob/checker-v1"] h3');
          await body(page);
          // The page never scrolled: it all happened on the first screen.
          assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
          // Axe, with the exercise's answer shown (at one size: the same page).
          if (viewport.width === 1280) {
            const violations = await axeScan(page);
            assert.equal(violations.length, 0, formatViolations(violations));
          }
          assert.deepEqual(pageErrors(page), []);
        } catch (error) {
          failed.push(`exercise ${step} (${what}): ${error.message.split('\n')[0]}`);
          await screenshot(page, `lesson3-one-screen-${viewport.width}-step${step}-failed`);
        } finally {
          await page.close();
        }
      }
      assert.deepEqual(failed, []);
    } finally {
      await context.close();
    }
  });
}

/** The page's height once the start has settled. */
async function settledHeight(page) {
  await page.waitForSelector('#app [data-settled]', { state: 'attached' });
  await nextFrames(page);
  return page.evaluate(() => document.documentElement.scrollHeight);
}

for (const viewport of DESKTOPS) {
  test(`lesson 3 at ${viewport.width}×${viewport.height} is no taller than lesson 1`, async () => {
    const one = await openApp(env.browser, env.server, 'lang=zh-TW', { viewport });
    const three = await openApp(env.browser, env.server, 'lesson3.html?lesson=3&lang=zh-TW', { viewport });
    try {
      await waitLessonThree(three);
      const [h1, h3] = [await settledHeight(one), await settledHeight(three)];
      console.log(`# ${viewport.width}×${viewport.height}: lesson 1 ${h1} px, lesson 3 ${h3} px`);
      assert.ok(h3 <= h1, `lesson 3 is ${h3} px tall, lesson 1 ${h1} px`);
      assert.deepEqual(pageErrors(three), []);
    } finally {
      await one.context().close();
      await three.context().close();
    }
  });
}

test('classroom, lesson 3 in 繁體中文 at 1366×768: bob/checker-v1\'s cell and bar on the first screen', async () => {
  const page = await openApp(env.browser, env.server, 'lesson3.html?lesson=3&lang=zh-TW&classroom', { viewport: { width: 1366, height: 768 } });
  try {
    await waitLessonThree(page);
    await page.waitForSelector('.app.classroom');
    await onScreen(page, 'bob/checker-v1 in classroom mode', '[data-view="bob/checker-v1"] h3', '[data-view="bob/checker-v1"] [data-prompt-bar]',
      '[data-view="bob/writer-v1"] [data-prompt-bar]');
    await screenshot(page, 'lesson3-classroom-zh-1366');
    // Axe in 繁體中文, with the cache's exercise open (Purge's own group) and the panels below unfolded.
    await page.click('[data-panel="lesson"] .steps button:nth-child(4)');
    await page.waitForSelector('[data-panel="lesson"][data-lesson-step="4"]');
    const violations = await axeScan(page);
    assert.equal(violations.length, 0, formatViolations(violations));
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('lesson 3 on a 390 px phone: the chart first; a cell\'s prompt is a sheet that covers neither the cell nor its diagnosis', async () => {
  const page = await openApp(env.browser, env.server, 'lesson3.html?lesson=3&lang=en', { viewport: { width: 390, height: 844 } });
  try {
    await waitLessonThree(page);
    const top = (sel) => page.$eval(sel, (el) => el.getBoundingClientRect().top + scrollY);
    assert.ok((await top('#chart')) < (await top('[data-panel="prompt-settings"]')), 'the chart before the settings');
    assert.ok((await top('#chart')) < (await top('[data-panel="lesson"]')), 'the chart before the exercise');
    await onScreen(page, 'the chart starts on the first screen', '[data-view="alice/writer-v1"] [data-prompt-bar]');
    assert.equal(await page.locator('[data-panel="prompt"]').isVisible(), false, 'the prompt waits for a cell to be chosen');
    // Tap bob/checker-v1's bar: its prompt opens as a sheet, the cell above it.
    await page.click('[data-view="bob/checker-v1"] [data-prompt-bar]');
    await page.waitForSelector('[data-panel="prompt"].sheet[data-prompt="bob/checker-v1"]');
    const sheet = () => page.$eval('[data-panel="prompt"]', (el) => ({ position: getComputedStyle(el).position, top: el.getBoundingClientRect().top }));
    assert.equal((await sheet()).position, 'fixed');
    await waitUntil(page, () => {
      const bar = document.querySelector('[data-view="bob/checker-v1"] [data-prompt-bar]').getBoundingClientRect();
      const sheet = document.querySelector('[data-panel="prompt"]').getBoundingClientRect();
      return bar.top >= 0 && bar.bottom <= sheet.top;
    });
    // Diagnose M in the sheet: the answer shows there, and nothing lies over it.
    await page.selectOption('[data-panel="prompt"] select[name="diagnose-card"]', 'M');
    await page.click('[data-panel="prompt"] .diagnose-form [data-action="diagnose"]');
    await page.waitForSelector('[data-diagnosis="M"][data-viewer="bob/checker-v1"]');
    await waitUntil(page, () => {
      // Its title and where it stops, both in view, and nothing lying over them.
      const h = document.querySelector('[data-diagnosis="M"] h3').getBoundingClientRect();
      const stop = document.querySelector('[data-diagnosis="M"] .stop').getBoundingClientRect();
      const hit = document.elementFromPoint(h.left + 5, h.top + h.height / 2);
      const hitStop = document.elementFromPoint(stop.left + 5, stop.top + stop.height / 2);
      return h.top >= 0 && stop.bottom <= innerHeight && !!hit?.closest('[data-diagnosis="M"]') && !!hitStop?.closest('[data-diagnosis="M"]');
    });
    await screenshot(page, 'lesson3-phone-sheet');
    const violations = await axeScan(page);
    assert.equal(violations.length, 0, `the sheet open: ${formatViolations(violations)}`);
    assert.ok((await page.evaluate(() => document.scrollingElement.scrollWidth)) <= 390, 'nothing scrolls sideways');
    // Close: the sheet goes, the focus is back on the cell.
    await page.click('[data-panel="prompt"] [data-action="close-prompt"]');
    await waitUntil(page, () => !document.querySelector('[data-panel="prompt"].sheet'));
    await waitUntil(page, () => document.activeElement?.closest('td[data-view]')?.getAttribute('data-view') === 'bob/checker-v1');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

// A sheet never covers the answer it produced (issue 50): on a phone,
// choosing a card in the settings' "Card:" shows its prompt keys there and
// opens no card editor over them; ticking "High risk" answers beside the
// keys, and nothing lies over the box or the answer. Diagnose's "Card:"
// opens none either.
test('on a 390 px phone, choosing a card in "Card:" opens no sheet over its keys or their answer', async () => {
  const page = await openApp(env.browser, env.server, 'lesson3.html?lesson=3&lang=en', { viewport: { width: 390, height: 844 } });
  try {
    await waitLessonThree(page);
    const picker = page.locator('[data-panel="prompt-settings"] select[name="prompt-card"]');
    await picker.scrollIntoViewIfNeeded();
    await picker.selectOption('S');
    await page.waitForSelector('[data-card-keys="S"] input[name="risk"]');
    await nextFrames(page);
    /** What lies over the element `selector` names, at its centre, once it is scrolled into view (null: nothing). */
    const covered = (selector) => page.$eval(selector, (el) => {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return hit && (hit === el || el.contains(hit) || hit.contains(el)) ? null : `${hit?.closest('[data-panel], [data-inspector], section, aside')?.outerHTML.slice(0, 80)}`;
    });
    assert.equal(await page.locator('.side.selecting > .inspector, [data-inspector]').count(), 0, 'no card editor opened');
    assert.equal(await covered('[data-card-keys="S"] input[name="risk"]'), null, 'the box is covered');
    await page.click('[data-card-keys="S"] input[name="risk"]');
    await page.waitForSelector('[data-card-keys="S"] input[name="risk"]:checked');
    await page.waitForSelector('[data-panel="prompt-settings"] [data-said="card"]');
    assert.equal(await covered('[data-panel="prompt-settings"] [data-said="card"]'), null, 'the answer is covered');
    await screenshot(page, 'lesson3-phone-card-keys');
    // Diagnose's "Card:", in the prompt's sheet: no card editor either.
    await page.click('[data-view="bob/checker-v1"] [data-prompt-bar]');
    await page.waitForSelector('[data-panel="prompt"].sheet[data-prompt="bob/checker-v1"]');
    await page.selectOption('[data-panel="prompt"] select[name="diagnose-card"]', 'S');
    await page.click('[data-panel="prompt"] .diagnose-form [data-action="diagnose"]');
    await page.waitForSelector('[data-diagnosis="S"]');
    assert.equal(await page.locator('[data-inspector]').count(), 0, 'no card editor opened from Diagnose');
    assert.ok((await page.evaluate(() => document.scrollingElement.scrollWidth)) <= 390, 'nothing scrolls sideways');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

// Exercise 5 opens its task's viewer's prompt (alice/writer-v1, whichever
// prompt was open before), and the prompt's loaded cards show their rank:
// a number, and words for a screen reader, in both languages; raising the
// review weight swaps F and R there, on screen.
for (const [lang, words] of [['en', /^rank (\d+) in this layer $/], ['zh-TW', /^本層排第 (\d+) $/]]) {
  test(`exercise 5 (${lang}): alice/writer-v1's prompt opens with its ranks; the review weight swaps F and R there`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang === 'en' ? 'en-US' : 'zh-TW' });
    try {
      const page = await openStep(context, 3, lang);
      await page.click('[data-view="bob/checker-v1"] [data-prompt-bar]');
      await page.waitForSelector('[data-panel="prompt"][data-prompt="bob/checker-v1"]');
      await page.click('[data-panel="lesson"] .steps [data-step="5"]');
      await page.waitForSelector('[data-panel="lesson"][data-lesson-step="5"]');
      await page.waitForSelector('[data-panel="prompt"][data-prompt="alice/writer-v1"]');
      /** Each loaded card's rank: shown, said, and the hook. */
      const ranks = () => page.$$eval('[data-panel="prompt"] li[data-loaded]', (lis) => Object.fromEntries(lis.map((li) => [li.getAttribute('data-loaded'), {
        shown: li.querySelector('.rank')?.textContent ?? '',
        said: li.querySelector('.rank + .sr-only')?.textContent ?? '',
        hook: li.getAttribute('data-rank'),
      }])));
      const before = await ranks();
      assert.ok(before.F && before.R, `F and R are loaded: ${JSON.stringify(before)}`);
      for (const [id, r] of Object.entries(before)) {
        assert.match(r.shown, /^#\d+$/, `${id}'s rank shown`);
        assert.equal(r.said.match(words)?.[1], r.shown.slice(1), `${id}'s rank in words: ${r.said}`);
      }
      assert.ok(Number(before.F.hook) < Number(before.R.hook), 'F outranks R at the start');
      await setSetting(page, 'weight-review', 2);
      await waitUntil(page, () => {
        const rank = (id) => Number(document.querySelector(`[data-panel="prompt"] li[data-loaded="${id}"]`)?.getAttribute('data-rank'));
        return rank('R') < rank('F');
      });
      // Said beside the weights, in the crate's words; and in the prompt
      // panel, in the inspector column (which scrolls inside itself, never
      // the page), R's and F's ranks have swapped.
      await onScreen(page, 'the weights\' answer', '[data-panel="prompt-settings"] [data-said="weights"]');
      assert.match(await page.locator('[data-said="weights"]').innerText(), lang === 'en' ? /R now ranks above F/ : /R 排到了 F 前面/);
      await page.$eval('[data-panel="prompt"] li[data-loaded="R"]', (el) => {
        const column = el.closest('.side');
        column.scrollTop += el.getBoundingClientRect().top - column.getBoundingClientRect().top - 60;
      });
      await onScreen(page, 'the swap', '[data-panel="prompt"] li[data-loaded="R"] .rank', '[data-panel="prompt"] li[data-loaded="F"] .rank');
      assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll');
      assert.deepEqual([await page.locator('li[data-loaded="R"] .rank').innerText(), await page.locator('li[data-loaded="F"] .rank').innerText()], ['#1', '#2']);
      await screenshot(page, `lesson3-ex5-ranks-${lang}`);
      const violations = await axeScan(page);
      assert.equal(violations.length, 0, formatViolations(violations));
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await context.close();
    }
  });
}

// Lesson 3's page names its lesson in its address on every start: a first
// visit opens lesson 3 with no notice over its first screen; the switcher
// from lesson 1's work says the switch (that work stays in Recent work).
test('lesson3.html: no "Opened lesson 3" on a first visit; the switch from lesson 1 is said', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${env.server.url}lesson3.html?lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    await page.waitForSelector('#app [data-settled]', { state: 'attached' });
    await nextFrames(page);
    assert.equal(await page.locator('#app [data-notice]').count(), 0, `a notice: ${await page.locator('#app [data-notice]').allInnerTexts()}`);
    // Lesson 1 in this tab, then the switcher to lesson 3.
    await page.goto(`${env.server.url}?lesson=1&lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    await page.fill('input[name="query"]', 'my lesson 1 work');
    await page.press('input[name="query"]', 'Enter');
    await flushSave(page);
    await page.click('[data-menu="lessons"] a[data-lesson-link="3"]');
    await page.waitForURL(/lesson3\.html/);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.match(await page.locator('#app .notice-slot [data-notice]').innerText(), /Opened lesson 3 as a work of its own; your other lesson's work is kept in Recent work/);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});
