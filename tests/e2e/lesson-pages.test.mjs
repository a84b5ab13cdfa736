// Each lesson's work stays its own across the site's pages (issue 48): the
// students' page (index.html, lessons 1 and 2), lesson3.html and teach.html.
// A page never opens another lesson's work as its own lesson, nor saves over
// it: the lesson switcher opens that lesson's own work, Reset starts the
// lesson again as a new work and touches no other lesson's, a second tab on
// the students' page leaves lesson 3's work alone, and a lesson-3 file,
// share link or pack goes to (or is refused with) lesson 3's page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, clickWork, downloadText, importFile, openPage, openWork, pageErrors, useBrowser, waitForNotice, waitForSavedWork } from './harness.mjs';
import { setField, waitLessonThree } from './lesson3-helpers.mjs';
import { lessonStatus } from './lesson2-helpers.mjs';

const env = useBrowser();

/** Waits until the page at `url` (a RegExp) is the app, ready. */
async function readyAt(page, url) {
  await page.waitForURL(url);
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
}

/** Every saved work in this browser: id → { course, text }. */
function works(page) {
  return page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem('mixua-playground/v2/works') ?? '{"works":[]}');
    return Object.fromEntries(index.works.map((e) => {
      const slot = JSON.parse(localStorage.getItem(`mixua-playground/v2/work/${e.id}`) ?? 'null');
      return [e.id, { name: e.name, course: slot?.work?.playground?.course ?? '1', budget: slot?.work?.prompt?.budgets?.shared ?? null, y: slot?.work?.cards?.find((c) => c.id === 'Y')?.share_approved ?? null }];
    }));
  });
}

/** Lesson 1's work with Y approved, saved in this tab. */
async function approveY(page) {
  await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
  await waitForSavedWork(page, (work) => work.cards.some((c) => c.id === 'Y' && c.share_approved === true) && !work.playground?.course);
}

/** Lesson 3's shared budget set to `n`, saved in this tab. */
async function budget(page, n) {
  await setField(page, 'budget-shared', n);
  await waitForSavedWork(page, (work, n) => work.playground?.course === '3' && work.prompt?.budgets?.shared === n, n);
}

/** Presses a lesson in the switcher and waits for the page that opens it. */
async function switchTo(page, n, url) {
  await Promise.all([page.waitForURL(url), page.click(`[data-lesson-link="${n}"]`)]);
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
}

for (const lang of ['en', 'zh-TW']) {
  test(`the switcher's round trip keeps each lesson's work (${lang}): lesson 1 → lesson 3 → lesson 1 → lesson 3`, async () => {
    const context = await env.browser.newContext();
    try {
      const page = await openPage(context, env.server, `lang=${lang}`);
      await approveY(page);
      await switchTo(page, 3, /\/lesson3\.html\?/);
      await waitLessonThree(page);
      await budget(page, 272);
      // Back to lesson 1: the learner's own lesson-1 work, never lesson 3's.
      await switchTo(page, 1, (url) => url.pathname === '/');
      assert.equal((await lessonStatus(page)).lesson, '1');
      assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true);
      assert.equal(await page.locator('[data-panel="prompt"]').count(), 0);
      await switchTo(page, 3, /\/lesson3\.html\?/);
      await waitLessonThree(page);
      assert.equal(await page.inputValue('input[name="budget-shared"]'), '272');
      const saved = Object.values(await works(page));
      assert.deepEqual(saved.map((w) => w.course).sort(), ['1', '3']);
      assert.equal(saved.find((w) => w.course === '1').y, true);
      assert.equal(saved.find((w) => w.course === '3').budget, 272);
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await context.close();
    }
  });
}

test('lesson 3 → Lesson 1 → Reset lesson 1 → Lesson 3: both works intact, the reset one kept in Recent work', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    await approveY(page);
    await page.goto(`${env.server.url}lesson3.html?lang=en`);
    await readyAt(page, /\/lesson3\.html\?/);
    await waitLessonThree(page);
    await budget(page, 272);
    const before = await works(page);
    const third = Object.keys(before).find((id) => before[id].course === '3');

    await switchTo(page, 1, (url) => url.pathname === '/');
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true, 'lesson 1 shows its own work');
    // Recent work: this tab is on lesson 1's work, not lesson 3's.
    await openWork(page);
    const current = page.locator('[data-panel="recent"] li[data-current="true"]');
    assert.doesNotMatch(await current.innerText(), /Lesson 3/);

    await clickWork(page, '[data-action="reset"]');
    await page.click('[data-action="confirm-reset"]');
    await waitForSavedWork(page, (work) => work.cards.every((c) => c.id !== 'Y' || c.share_approved !== true));
    // The works' index is written after the new work's slot: wait for it
    // to list the new work too.
    const count = Object.keys(before).length + 1;
    await page.waitForFunction((n) => JSON.parse(localStorage.getItem('mixua-playground/v2/works') ?? '{"works":[]}').works.length >= n, count);
    const after = await works(page);
    // The reset work is a new one; lesson 1's work stays in its slot, and
    // lesson 3's as it was.
    assert.equal(Object.keys(after).length, Object.keys(before).length + 1);
    assert.deepEqual(after[third], before[third]);
    assert.ok(Object.values(after).some((w) => w.course === '1' && w.y === true), 'the reset work kept');
    // One Undo away.
    assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), false);

    await switchTo(page, 3, /\/lesson3\.html\?/);
    await waitLessonThree(page);
    assert.equal(await page.inputValue('input[name="budget-shared"]'), '272');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('lesson 3 in one tab and the students\' page in another: the students\' edit never touches lesson 3\'s work', async () => {
  const context = await env.browser.newContext();
  try {
    const third = await openPage(context, env.server, 'lesson3.html?lang=en');
    await waitLessonThree(third);
    await budget(third, 272);
    const before = await works(third);
    const id = Object.keys(before)[0];

    const students = await openPage(context, env.server, 'lang=en');
    assert.equal((await lessonStatus(students)).lesson, '1');
    await approveY(students);
    const after = await works(students);
    assert.deepEqual(after[id], before[id], 'lesson 3\'s slot as it was');
    assert.equal(Object.keys(after).length, 2);

    const again = await openPage(context, env.server, 'lesson3.html?lang=en');
    await waitLessonThree(again);
    assert.equal(await again.inputValue('input[name="budget-shared"]'), '272');
    assert.deepEqual(Object.keys(await works(again)).length, 2, 'no new lesson-3 work');
    for (const page of [third, students, again]) assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('a lesson-3 file, share link and pack, opened on each page: lesson 3 on its page, or refused with where to open it', async () => {
  const maker = await env.browser.newContext();
  let file, link, pack;
  try {
    const page = await openPage(maker, env.server, 'lesson3.html?lang=en');
    await waitLessonThree(page);
    await budget(page, 272);
    file = (await downloadText(page, '[data-action="export"]')).text;
    assert.equal(JSON.parse(file).playground.course, '3');
    await clickWork(page, '[data-action="share"]');
    link = new URL(await page.inputValue('input[name="share_link"]'));
    assert.equal(link.pathname, '/lesson3.html');

    // A pack made on teach.html?lesson=3: one exercise, from lesson 3's start.
    const teach = await openPage(maker, env.server, 'teach.html?lesson=3&lang=en');
    await waitLessonThree(teach);
    await teach.evaluate(() => { document.querySelector('.teacher-menu').open = true; });
    await teach.click('[data-action="build-exercise"]');
    const builder = teach.locator('[data-panel="builder"]');
    await builder.locator('input[name="exercise_title"]').fill('Budgets');
    await builder.locator('[data-action="no-leak"]').click();
    await builder.locator('[data-action="add-to-pack"]').click();
    await builder.locator('[data-added="1"]').waitFor();
    await teach.evaluate(() => { document.querySelector('.teacher-menu').open = true; });
    await teach.click('[data-action="share-pack"]');
    const share = teach.locator('[data-panel="share-pack"]');
    await share.locator('input[name="pack_id"]').fill('lesson-3-pack');
    await share.locator('input[name="pack_id"]').press('Tab');
    await share.locator('[data-action="copy-pack-link"]').click();
    pack = new URL(await share.locator('input[name="pack_link"]').inputValue());
  } finally {
    await maker.close();
  }

  for (const [query, lesson3] of [['lang=en', false], ['lesson3.html?lang=en', true], ['teach.html?lesson=3&lang=en', true]]) {
    // The file: lesson 3 where the page has it, else refused with where.
    let context = await env.browser.newContext();
    try {
      const page = await openPage(context, env.server, query);
      await importFile(page, 'lesson3-work.json', file);
      if (lesson3) {
        await waitForNotice(page, 'info', 'Loaded lesson3-work.json');
        await waitLessonThree(page);
        assert.equal(await page.inputValue('input[name="budget-shared"]'), '272', `${query}: the file's work`);
        await waitForSavedWork(page, (work) => work.playground?.course === '3' && work.prompt?.budgets?.shared === 272);
      } else {
        assert.match(await waitForNotice(page, 'error'), /this is lesson 3's work, and this page has no lesson 3/);
        assert.equal((await lessonStatus(page)).lesson, '1');
      }
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await context.close();
    }

    // The share link: lesson 3, on lesson 3's page or the teacher's.
    const path = query.split('?')[0];
    context = await env.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${env.server.url}${path.endsWith('.html') ? path : ''}?lang=en${link.hash}`);
      await page.waitForURL((url) => url.pathname === (path === 'teach.html' ? '/teach.html' : '/lesson3.html'));
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
      await waitLessonThree(page);
      assert.equal(await page.inputValue('input[name="budget-shared"]'), '272', `${query}: the link's work`);
      await waitForSavedWork(page, (work) => work.playground?.course === '3');
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await context.close();
    }

    // The pack: on lesson 3's page (or the teacher's), with lesson 3's panels.
    context = await env.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${env.server.url}${path.endsWith('.html') ? path : ''}?lang=en${pack.hash}`);
      await page.waitForURL((url) => url.pathname === (path === 'teach.html' ? '/teach.html' : '/lesson3.html'));
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
      await page.waitForSelector('[data-panel="prompt"][data-prompt]');
      await page.waitForSelector('[data-panel="lesson"][data-lesson="0"]');
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await context.close();
    }
  }
});

test('a tab whose lesson-3 work is reloaded as the students\' page says where that work is, and leaves it as it was', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    await page.goto(`${env.server.url}lesson3.html?lang=en`);
    await readyAt(page, /\/lesson3\.html\?/);
    await waitLessonThree(page);
    await budget(page, 272);
    const before = await works(page);
    const third = Object.keys(before).find((id) => before[id].course === '3');
    // The same tab, its address changed by hand to the students' page: the
    // tab's work is lesson 3's, which this page does not show.
    await page.goto(`${env.server.url}?lang=en`);
    await readyAt(page, (url) => url.pathname === '/');
    const said = await waitForNotice(page, 'info', 'lesson 3');
    assert.match(said, /This tab's last work, “[^”]+”, is lesson 3's and opens on lesson 3's page/);
    assert.match(said, /Press “Lesson 3” at the top/);
    assert.deepEqual((await works(page))[third], before[third], 'lesson 3\'s work untouched');
    // Pressing Lesson 3 brings it back.
    await switchTo(page, 3, /\/lesson3\.html\?/);
    await waitLessonThree(page);
    assert.equal(await page.inputValue('input[name="budget-shared"]'), '272');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});
