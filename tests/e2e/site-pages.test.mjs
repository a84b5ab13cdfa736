// The site's pages (issue 28, scripts/pages.sh): index.html is a student's
// lessons 1 and 2, lesson3.html is lesson 3, teach.html has the teacher's
// tools. A student's page never fetches another page's wasm; the Teacher
// menu of the students' page opens teach.html on the same work; a link to
// ?lesson=3 opens lesson3.html; a pack link made on teach.html opens on the
// students' page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, SEED_VIEWS_WITHOUT_G, allViews, downloadText, importFile, openApp, openPage, pageErrors, useBrowser, waitForNotice, waitForViews } from './harness.mjs';

const env = useBrowser();

/**
 * The pages' own wasm files a page fetched, by path (not the parts each
 * page fetches when one is first wanted: parts.test.mjs).
 */
function wasmFetched(page) {
  const fetched = new Set();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.wasm') && !pathname.startsWith('/mixua-parts-')) fetched.add(pathname);
  });
  return fetched;
}

test('the students\' Teacher menu opens teach.html on the same work, with the teacher\'s tools', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en');
  try {
    // The students' page has no teacher's tools: its Teacher menu is a link.
    const menu = page.locator('a.teacher-menu[data-action="teacher-page"]');
    // It opens the lesson the learner is on (issue 50).
    assert.equal(await menu.getAttribute('href'), 'teach.html?lang=en&lesson=1');
    assert.equal(await page.locator('[data-action="build-exercise"]').count(), 0);
    const studentsWasm = [...wasmFetched(page)];

    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitForViews(page, SEED_VIEWS_WITHOUT_G);
    const fetched = wasmFetched(page);
    // Chosen at once after the edit: the edit is saved as the page goes
    // (pagehide), so the teacher's page opens it.
    await Promise.all([page.waitForURL(/\/teach\.html\?lang=en&lesson=1$/), menu.click()]);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G, 'the same work, G deleted');
    assert.equal(fetched.size, 1, 'the teacher\'s page fetches its own wasm');
    assert.ok(!studentsWasm.some((w) => fetched.has(w)), 'a wasm other than the students\'');
    // Its Teacher menu has the tools.
    await page.locator('.teacher-menu summary').click();
    await page.locator('[data-action="build-exercise"]').waitFor();
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('a link to ?lesson=3 opens lesson3.html, and lesson3.html sends another lesson back to the students\' page', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await context.newPage();
    const fetched = wasmFetched(page);
    await page.goto(`${env.server.url}?lesson=3&lang=en#x`);
    await page.waitForURL(/\/lesson3\.html\?lesson=3&lang=en#x$/);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.equal(fetched.size, 1, 'only lesson 3\'s wasm, never the students\' page\'s');

    // lesson3.html on its own opens lesson 3 (the query says so).
    await page.goto(`${env.server.url}lesson3.html?lang=en`);
    await page.waitForURL(/\/lesson3\.html\?lang=en&lesson=3$/);

    // Another lesson is the students' page's.
    await page.goto(`${env.server.url}lesson3.html?lesson=2&lang=en`);
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?lesson=2&lang=en');
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
  } finally {
    await context.close();
  }
});

// A file equal to the work shown (lesson 3's start, exported at once) is
// still answered "Loaded …" (issue 48: the answer was lost with the no-op,
// and the learner saw nothing happen).
test('lesson 3\'s work imported on the students\' page is refused, saying where to open it; lesson3.html opens it', async () => {
  const context = await env.browser.newContext();
  try {
    // A learner's lesson-3 work, as the Work menu exports it.
    const third = await openPage(context, env.server, 'lesson3.html?lang=en');
    const work = await downloadText(third, '[data-action="export"]');
    assert.match(work.text, /"course": ?"3"/);
    await third.close();

    // The students' page has no lesson 3: opened there, the work would lose
    // its lesson and its progress. It is refused, and the work stays.
    const page = await openPage(context, env.server, 'lang=en&fresh');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    await importFile(page, 'lesson3-work.json', work.text);
    const refused = await waitForNotice(page, 'error', 'lesson3-work.json');
    assert.match(refused, /lesson 3's work/);
    assert.match(refused, /open “Lesson 3” at the top and import it there/);
    assert.deepEqual(await allViews(page), SEED_VIEWS, 'the work is left as it was');
    assert.equal(new URL(page.url()).pathname, '/');

    // On lesson3.html the same file opens, as lesson 3.
    await page.goto(`${env.server.url}lesson3.html?lang=en&fresh`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    await importFile(page, 'lesson3-work.json', work.text);
    // The import's own notice: the file's work, in lesson 3, with its
    // panels.
    await waitForNotice(page, 'info', 'Loaded lesson3-work.json');
    assert.equal(await page.locator('[data-notice="error"]').count(), 0);
    await page.waitForSelector('[data-lesson-link="3"][aria-current="page"]');
    await page.waitForSelector('[data-panel="lesson"][data-lesson="3"]');
    await page.waitForSelector('[data-panel="prompt"][data-prompt]');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});
