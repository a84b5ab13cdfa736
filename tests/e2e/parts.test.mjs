// The app's parts (issue 28, src/parts/mod.rs): code a student's first load
// does not carry, split out of the page's wasm at build time and fetched
// when first wanted. A lesson-1 student fetches none of them before the
// chart is interactive; the panels the first screen does not show come
// after it, before the start says it is ready; the Work menu's writers
// (its share link and report) come when the menu is pointed at or used;
// lesson 2's panels come with lesson 2, before it says it is ready, and
// its exercises with them (when they can't come, the lesson's place says
// so and the saved step is kept). An action whose part can't be fetched says so in both
// languages, beside its control, and does nothing; the work is as it was.
// A panel whose part can't be fetched says so in its place, with a button
// that fetches it again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS_WITHOUT_G, allStorage, axeScan, flushSave, formatViolations, cardRow, nextFrames, clickWork, downloadText, openPage, pageErrors, savedWork, useBrowser, waitForSavedWork, waitForViews, waitUntil } from './harness.mjs';

const env = useBrowser();

/**
 * The parts a page fetched, by name (`work_menu`, `acting`, …), in order;
 * not the small chunks of code two parts share, which come with them.
 */
function partsFetched(page) {
  const fetched = [];
  page.on('request', (request) => {
    const m = /^\/mixua-parts-[0-9a-f]+-split_(.+)\.wasm$/.exec(new URL(request.url()).pathname);
    if (m) fetched.push(m[1]);
  });
  return fetched;
}

/** The parts the page asked for before it marked the chart interactive (src/start/mod.rs). */
function partsBeforeInteractive(page) {
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('mixua-interactive', 'mark')[0];
    if (!mark) return null;
    return performance
      .getEntriesByType('resource')
      .filter((e) => /split_.+\.wasm$/.test(e.name) && e.startTime < mark.startTime)
      .map((e) => /split_(.+)\.wasm$/.exec(e.name)[1]);
  });
}

test('a lesson-1 student\'s chart is interactive before any part; the panels below come before ready; the Work menu\'s when pointed at', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const fetched = partsFetched(page);
    await page.goto(`${env.server.url}?lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.deepEqual(await partsBeforeInteractive(page), [], 'no part before the chart is interactive');
    assert.deepEqual([...fetched].sort(), ['later'], 'the panels below the first screen and the keeping of the work, before ready');
    // An edit in the card editor (the part below) changes the views.
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitForViews(page, SEED_VIEWS_WITHOUT_G);
    assert.deepEqual([...fetched].sort(), ['later'], 'no other part before the Work menu is wanted');
    // Pointing at the menu fetches its writers' part, before any click.
    await page.hover('[data-menu="work"] > summary');
    await waitUntil(page, () => performance.getEntriesByType('resource').some((e) => /split_work_menu\.wasm$/.test(e.name)));
    assert.deepEqual([...fetched].sort(), ['later', 'work_menu'], 'the Work menu\'s part alone');
    // Its actions: the report, byte for byte the CLI's shape, and a share
    // link that opens the same work.
    const report = JSON.parse((await downloadText(page, '[data-action="export-report"]')).text);
    const reported = Object.fromEntries(Object.entries(report.views).map(([viewer, hits]) => [viewer, hits.map((h) => h.id)]));
    assert.deepEqual(reported, SEED_VIEWS_WITHOUT_G, 'the report holds the views shown');
    await clickWork(page, '[data-action="share"]');
    const link = await page.inputValue('input[name="share_link"]');
    assert.match(link, /#v1\./);
    const opened = await openPage(await env.browser.newContext(), env.server, 'lang=en', link.split('#')[1]);
    assert.deepEqual(await waitForViews(opened, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    await opened.context().close();
    assert.deepEqual([...fetched].sort(), ['later', 'work_menu'], 'each fetched once');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('lesson 2\'s panels are fetched with lesson 2 and there when it is ready', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const fetched = partsFetched(page);
    await page.goto(`${env.server.url}?lesson=2&lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    // With the write path their acts go through, before the chart is
    // interactive; the panels below the first screen after it.
    assert.deepEqual(fetched.sort(), ['acting', 'later']);
    assert.deepEqual((await partsBeforeInteractive(page)).sort(), ['acting']);
    // Ready means its panels are there: the timeline under the chart, Act
    // as in the inspector column, and the audit log below.
    assert.equal(await page.locator('[data-panel="timeline"]').count(), 1);
    assert.equal(await page.locator('[data-tool="act"]').count(), 1);
    assert.equal(await page.locator('[data-panel="audit"]').count(), 1);

    // A saved lesson-2 work opened without ?lesson= (a reload of the bare
    // address): the loader can't know the lesson, the start fetches the
    // part once it has read the work, and is ready with it.
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.includes('works')));
    const again = await context.newPage();
    const refetched = partsFetched(again);
    await again.goto(`${env.server.url}`);
    await again.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.equal(await again.locator('[data-panel="timeline"]').count(), 1, 'lesson 2 again, with its timeline');
    assert.deepEqual(refetched.sort(), ['acting', 'later']);
    // The saved work is read by the part that keeps it, before the start.
    assert.deepEqual((await partsBeforeInteractive(again)).sort(), ['acting', 'later']);
  } finally {
    await context.close();
  }
});

test('lesson 2\'s exercises are in its part: when it can\'t be fetched, the lesson\'s place says so and the saved step is kept; Try again brings them at that step', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    // A lesson-2 work saved at its third exercise.
    const first = await openPage(context, env.server, 'lesson=2&lang=en&step=3');
    await first.locator('[data-panel="lesson"][data-lesson="2"][data-lesson-step="3"]').waitFor();
    await waitForSavedWork(first, (work) => work.playground?.lesson_step === 2 && work.playground?.course === '2');
    await first.close();

    // Opened again (the most recent work) with its part out of reach.
    const refuse = (route) => route.abort('internetdisconnected');
    await context.route(/split_acting\.wasm$/, refuse);
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=en`);
    const failed = page.locator('.lesson-col .part-failed[role="alert"]');
    await failed.waitFor({ timeout: 15_000 });
    assert.match((await failed.textContent()).replace(/\s+/g, ' '), /could not be downloaded.*Your work is all still here/);
    assert.equal(await page.locator('[data-panel="lesson"]').count(), 0, 'no lesson panel without its exercises');
    // The chart is there, and the step is kept as saved: nothing is lost.
    await page.locator('[data-view]').first().waitFor();
    await flushSave(page);
    const steps = await page.evaluate(() => Object.keys(localStorage)
      .filter((key) => key.startsWith('mixua-playground/v2/work/'))
      .map((key) => JSON.parse(localStorage.getItem(key)).work.playground)
      .filter((extras) => extras?.course === '2')
      .map((extras) => extras.lesson_step));
    assert.deepEqual(steps, [2], 'the stored lesson-2 work keeps its step');

    // Online again: Try again fetches the part, and the exercises come at
    // the saved step.
    await context.unroute(/split_acting\.wasm$/, refuse);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-panel="lesson"][data-lesson="2"][data-lesson-step="3"]').waitFor();
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    assert.equal(await page.locator('.part-failed').count(), 0);
  } finally {
    await context.close();
  }
});

test('a new lesson-2 work whose part can\'t be fetched: the start says so, and saves nothing; online again, a reload starts it', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    const refuse = (route) => route.abort('internetdisconnected');
    await context.route(/split_acting\.wasm$/, refuse);
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lesson=2&lang=en`);
    // The app's notice (#app), not anything of the prerendered lesson-2
    // screen, which stays until the app's screen replaces it.
    const said = page.locator('#app .app > .notice-slot [data-notice]');
    await said.waitFor({ timeout: 15_000 });
    assert.match((await said.textContent()).replace(/\s+/g, ' '), /could not be downloaded.*nothing was done.*Your work is all still here/);
    await page.locator('.lesson-col .part-failed[role="alert"]').waitFor();
    // The part that saves is in; a pagehide saves nothing of this start.
    await waitUntil(page, () => performance.getEntriesByType('resource').some((e) => /split_later\.wasm$/.test(e.name) && e.responseEnd > 0));
    await nextFrames(page);
    await flushSave(page);
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('mixua-playground/v2/work/'))), []);

    // Online again: lesson 2 starts with its own work and exercises.
    await context.unroute(/split_acting\.wasm$/, refuse);
    await page.reload();
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    await page.locator('[data-panel="lesson"][data-lesson="2"]').waitFor();
    assert.equal(await page.locator('[data-panel="timeline"]').count(), 1);
  } finally {
    await context.close();
  }
});

for (const [lang, says] of [
  ['en', /could not be downloaded.*nothing was done.*Your work is all still here/],
  ['zh-TW', /沒能下載.*什麼都沒做.*你的作品都還在/],
]) {
  test(`an action whose part can't be fetched says so (${lang}), beside the control, and leaves the work as it was`, async () => {
    // No service worker: after one visit it keeps every part (the offline
    // journey, room-offline.test.mjs), so this is a first visit.
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await openPage(context, env.server, `lang=${lang}`);
    try {
      // The learner's work before: G deleted, saved.
      await cardRow(page, 'G').locator('button.danger').click();
      await waitForSavedWork(page, (work) => !work.cards.some((c) => c.id === 'G'));
      const before = await savedWork(page);

      // The network refuses the Work menu's part.
      const refuse = (route) => route.abort('internetdisconnected');
      await context.route(/split_work_menu\.wasm$/, refuse);
      await clickWork(page, '[data-action="share"]');
      const said = page.locator('[data-menu="work"] [data-said="work"] [data-notice="error"]');
      await said.waitFor();
      assert.match((await said.textContent()).replace(/\s+/g, ' '), says);
      // Nothing was done: no link, the same work, saved as it was.
      assert.equal(await page.locator('input[name="share_link"]').count(), 0);
      assert.deepEqual(await savedWork(page), before);
      assert.equal(await cardRow(page, 'G').count(), 0);

      // The network is back: the same button works.
      await context.unroute(/split_work_menu\.wasm$/, refuse);
      await page.click('[data-action="share"]');
      await page.locator('input[name="share_link"]').waitFor();
      assert.match(await page.inputValue('input[name="share_link"]'), /#v1\./);
    } finally {
      await page.context().close();
    }
  });

  test(`a panel whose part can't be fetched says so in its place (${lang}); Try again brings it`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await openPage(context, env.server, `lang=${lang}`);
    try {
      const refuse = (route) => route.abort('internetdisconnected');
      await context.route(/split_about_me\.wasm$/, refuse);
      await page.click('[data-action="about-me"][data-user="alice"]');
      const failed = page.locator('aside.side .part-failed.about-me[role="alert"]');
      await failed.waitFor();
      assert.match((await failed.textContent()).replace(/\s+/g, ' '), lang === 'en' ? /could not be downloaded.*Your work is all still here/ : /沒能下載.*你的作品都還在/);
      assert.equal(await page.locator('[data-panel="about-me"]').count(), 0);
      // In About me's place: first in the inspector column, above the rejected cards.
      const [said, rejected] = await Promise.all([failed.boundingBox(), page.locator('[data-panel="rejected"]').boundingBox()]);
      assert.ok(said.y < rejected.y, `the message (y ${said.y}) is above the rejected cards (y ${rejected.y})`);
      const violations = await axeScan(page);
      assert.deepEqual(violations, [], formatViolations(violations));
      // Online again: its button fetches it, and the panel takes its place.
      await context.unroute(/split_about_me\.wasm$/, refuse);
      await failed.getByRole('button', { name: lang === 'en' ? 'Try again' : '再試一次' }).click();
      await page.locator('[data-panel="about-me"][data-about-user="alice"]').waitFor();
      assert.equal(await failed.count(), 0);
    } finally {
      await context.close();
    }
  });
}

test('the page compiles no wasm itself: the main module and every part are compiled in the loader\'s worker', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // Every way the page could compile wasm from bytes, counted (a Module
    // handed to WebAssembly.instantiate is instantiated, not compiled).
    await page.addInitScript(() => {
      const compiled = (globalThis.__pageCompiled = []);
      const W = WebAssembly;
      for (const name of ['compile', 'compileStreaming', 'instantiateStreaming']) {
        const real = W[name];
        W[name] = function (...args) {
          compiled.push(name);
          return real.apply(this, args);
        };
      }
      const instantiate = W.instantiate;
      W.instantiate = function (what, ...rest) {
        if (!(what instanceof W.Module)) compiled.push('instantiate(bytes)');
        return instantiate.call(this, what, ...rest);
      };
      const Module = W.Module;
      W.Module = function (...args) {
        compiled.push('new Module');
        return new Module(...args);
      };
      W.Module.prototype = Module.prototype;
      Object.setPrototypeOf(W.Module, Module);
    });
    const fetched = partsFetched(page);
    await page.goto(`${env.server.url}?lesson=2&lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    // Lesson 2 brings three parts by ready; the Work menu's share link, a
    // fourth, whose code runs, so it was compiled and instantiated.
    await clickWork(page, '[data-action="share"]');
    assert.match(await page.inputValue('input[name="share_link"]'), /#v1\./);
    assert.deepEqual(fetched.sort(), ['acting', 'later', 'work_menu']);
    assert.deepEqual(await page.evaluate(() => globalThis.__pageCompiled), [], 'no wasm compiled on the page\'s main thread');
  } finally {
    await context.close();
  }
});

test('where the worker can\'t compile, the page does: without workers, and with a worker that answers no module, lesson 2 is ready with its panels', async () => {
  for (const [how, init] of [
    ['no workers', () => { globalThis.Worker = undefined; }],
    // The loader's `mixuaCompile` answers "could not compile" for every part.
    ['a worker that compiles no part', () => Object.defineProperty(globalThis, 'mixuaCompile', { get: () => async () => null, set: () => {} })],
  ]) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(init);
      const fetched = partsFetched(page);
      await page.goto(`${env.server.url}?lesson=2&lang=en`);
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
      assert.deepEqual(fetched.sort(), ['acting', 'later'], how);
      assert.equal(await page.locator('[data-panel="timeline"]').count(), 1, how);
      assert.equal(await page.locator('[data-tool="act"]').count(), 1, how);
      assert.equal(await page.locator('.part-failed').count(), 0, how);
    } finally {
      await context.close();
    }
  }
});

test('the chart is interactive while the panels below can\'t be fetched; each says so in its place; Try again brings them', async () => {
  // A first visit (no service worker) whose network refuses the part.
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const refuse = (route) => route.abort('internetdisconnected');
  await context.route(/split_later\.wasm$/, refuse);
  try {
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=en`);
    // The card editor's place, below the chart, says why it is missing.
    const failed = page.locator('.part-failed.editor[role="alert"]');
    await failed.waitFor({ timeout: 15_000 });
    assert.match((await failed.textContent()).replace(/\s+/g, ' '), /could not be downloaded.*Your work is all still here/);
    // So does the comparison's, whose scorecards that part makes too.
    await page.locator('.part-failed.compare[role="alert"]').waitFor({ timeout: 15_000 });
    // The chart is the app's, and answers: a card picked in a cell shows
    // in every cell whether it reaches them; the inspector's and Why's
    // places say they are missing; the start is not ready without the part.
    assert.equal(await page.locator('.prerender').count(), 0, 'the prerendered screen is gone');
    await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
    await page.locator('[data-view="bob/writer-v1"] [data-reach="yes"]').waitFor();
    await page.locator('aside.side .part-failed.inspector[role="alert"]').waitFor();
    await page.locator('aside.side .part-failed.why[role="alert"]').waitFor();
    assert.equal(await page.locator('#app [data-ready]').count(), 0);
    // The result code is made by the same part: asked for, its place says
    // it is missing, and no code is shown.
    await page.click('[data-action="result-code"]');
    await page.locator('.lesson-col .part-failed.result-code-part[role="alert"]').waitFor();
    assert.equal(await page.locator('textarea[name="result_code"]').count(), 0);
    // So are a step's words: a query typed now changes the views, and the
    // strip says the step's label alone.
    await page.fill('#query', 'totals');
    await page.waitForSelector('.change-strip[data-change="edit"]');
    assert.equal((await page.locator('.change-strip').textContent()).trim(), '↻ This edit:');
    const violations = await axeScan(page);
    assert.deepEqual(violations, [], formatViolations(violations));
    // Online again: Try again fetches it, the editor takes its place, and
    // the start is ready.
    await context.unroute(/split_later\.wasm$/, refuse);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    assert.equal(await page.locator('.part-failed').count(), 0);
    await page.locator('[data-inspector="A"]').waitFor();
    await page.locator('[data-panel="why"][data-why-card="A"]').waitFor();
    // The result code is there now, in the place that said it was missing,
    // and the strip has the step's words.
    assert.match(await page.inputValue('textarea[name="result_code"]'), /\S{20,}/);
    await waitUntil(page, () => document.querySelector('.change-strip').textContent.trim().length > '↻ This edit:'.length);
    assert.match(await page.locator('.change-strip').textContent(), /^↻ This edit: \S/);
    assert.equal(await cardRow(page, 'G').count(), 1);
    assert.deepEqual(pageErrors(page).filter((e) => !e.includes('split_later')), []);
  } finally {
    await context.close();
  }
});

// The keeping of the work (src/store/json_io.rs): everything that reads or writes
// it as JSON is in the part after the first screen (`later`, with the
// panels below it). A first visit needs none of it before
// the chart is interactive (the first journey above); a page with stored
// work reads it with that part, before its start.
for (const [lang, says] of [
  ['en', /could not be downloaded.*Your work is all still here/],
  ['zh-TW', /沒能下載.*你的作品都還在/],
]) {
  test(`stored work whose reader can't be fetched (${lang}): the start says so, shows the lesson, and writes nothing; online again, the work opens`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const refuse = (route) => route.abort('internetdisconnected');
    try {
      const first = await openPage(context, env.server, `lang=${lang}`);
      await cardRow(first, 'G').locator('button.danger').click();
      await waitForSavedWork(first, (work) => !work.cards.some((c) => c.id === 'G'));
      const stored = await allStorage(first);
      await first.close();

      await context.route(/split_later\.wasm$/, refuse);
      const page = await context.newPage();
      await page.goto(`${env.server.url}?lang=${lang}`);
      // The chart is interactive (the start is not ready without the
      // part: the panels below say so in their places).
      await page.locator('.part-failed.editor[role="alert"]').waitFor({ timeout: 15_000 });
      assert.equal(await page.locator('.prerender').count(), 0, 'the prerendered screen is gone');
      const said = page.locator('[data-notice="error"]');
      await said.waitFor();
      assert.match((await said.textContent()).replace(/\s+/g, ' '), says);
      // The lesson's start: the chart shows G again (the stored work, G
      // deleted, was not read). An edit (the query: the editor is in the
      // same part), and the page hidden: nothing is written over the
      // stored work.
      await page.locator('[data-card-id="G"]').first().waitFor();
      await page.fill('#query', 'an edit that must not be saved');
      await flushSave(page);
      assert.deepEqual(await allStorage(page), stored);
      await page.close();

      await context.unroute(/split_later\.wasm$/, refuse);
      const back = await openPage(context, env.server, `lang=${lang}`);
      assert.equal(await cardRow(back, 'G').count(), 0, 'the saved work, G deleted');
      assert.equal(await cardRow(back, 'B').count(), 1);
    } finally {
      await context.close();
    }
  });
}

test('a first visit whose autosave can\'t be fetched says so once; online again, the next change saves every change', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const refuse = (route) => route.abort('internetdisconnected');
  await context.route(/split_later\.wasm$/, refuse);
  try {
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lang=en`);
    // The chart is interactive without the part; an edit (the query: the
    // editor is in the same part).
    await page.locator('.part-failed.editor[role="alert"]').waitFor({ timeout: 15_000 });
    await page.fill('#query', 'first');
    const said = page.locator('[data-notice="error"]');
    await said.waitFor();
    assert.match((await said.textContent()).replace(/\s+/g, ' '), /could not be downloaded.*Your work is all still here/);
    // Nothing of the work; the language shown is kept apart from it
    // (src/store/browser.rs, LANG_KEY), for the next start's build (issue 28).
    assert.deepEqual(await allStorage(page), { 'mixua-playground-lang': 'en' }, 'nothing of the work stored');
    await context.unroute(/split_later\.wasm$/, refuse);
    await page.fill('#query', 'first and second');
    await waitForSavedWork(page, (work) => work.query === 'first and second');
  } finally {
    await context.close();
  }
});
