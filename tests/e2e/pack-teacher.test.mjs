// The teacher's side (issue 12): build a two-exercise pack from the seed
// (one "must see" with two hints and a solution, one "no leak"), share it
// as a link and a file, and collect the class's result codes in the class
// view: a valid code is a row, a tampered one is refused in the crate's
// words. The student's side (opening the link) is in pack-student.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allStorage, axeScan, formatViolations, openApp, openPage, pageErrors, useBrowser, waitForNotice, waitForSavedWork, flushSave } from './harness.mjs';
import { buildPack, resultCode, tampered } from './pack-helpers.mjs';

const env = useBrowser();
const shots = process.env.MIXUA_SHOTS ?? '/tmp/shots-12b';

test('a teacher builds a two-exercise pack from the seed, shares it, and collects the codes in the class view', async () => {
  const page = await openApp(env.browser, env.server, 'teach.html?lang=en');
  try {
    const { link, file } = await buildPack(page, shots);
    console.log(`# the pack link: ${link.length} characters`);
    const url = new URL(link);
    assert.match(url.hash, /^#p1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    assert.ok(link.length < 2000, `the link has ${link.length} characters`);
    assert.equal(file.name, 'mixua-pack-class-7b.json');
    const pack = JSON.parse(file.text);
    assert.equal(pack.id, 'class-7b');
    assert.equal(pack.exercises.length, 2);
    assert.deepEqual(pack.exercises[0].goal, [{ check: { retrieves: { cells: { users: ['bob'], agents: ['writer-v1'] }, card: 'Y' } } }]);
    assert.equal(pack.exercises[0].start, 'seed', 'built on the seed: the seed, in the learner\'s language');
    assert.equal(pack.exercises[0].hints.length, 2);
    assert.ok(pack.exercises[0].solution.workspace.cards.find((c) => c.id === 'Y').share_approved);
    assert.deepEqual(pack.exercises[1].goal, [{ check: 'no_leak' }]);
    // The pack in progress is kept in this browser.
    assert.ok(Object.keys(await allStorage(page)).includes('mixua-playground/v2/teacher-pack'));

    // The class view: a real code, a tampered one, a code of another pack.
    const ann = resultCode({ pack: 'class-7b', version: 1, name: 'Ann', exercises: [
      { solved: 'solved', hints: 1, solutionSeen: false, cells: [] },
      { solved: 'with_solution', hints: 0, solutionSeen: true, cells: [] },
    ] });
    const other = resultCode({ pack: 'lesson1', version: 1, name: 'Bo', exercises: [] });
    await page.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => page.click('[data-action=\"class-view\"]'));
    const view = page.locator('[data-panel="class-view"]');
    await view.locator('textarea[name="result_codes"]').fill(`${ann}\n\n${tampered(ann)}\n${other}\n`);
    await page.waitForSelector('[data-result-row]');
    assert.equal(await view.locator('[data-result-row]').count(), 1);
    const row = view.locator('[data-result-row="Ann"]');
    assert.deepEqual(await row.locator('td').evaluateAll((tds) => tds.map((t) => t.dataset.solved)), ['solved', 'with_solution']);
    assert.match(await row.innerText(), /✓ solved · 1 hint/);
    assert.match(await row.innerText(), /◐ solved with the solution · no hint/);
    const refused = await view.locator('[data-refused]').evaluateAll((lis) => lis.map((l) => [l.dataset.refused, l.dataset.reason, l.textContent]));
    assert.deepEqual(refused.map(([line, reason]) => [line, reason]), [['3', 'checksum'], ['4', 'other_pack']]);
    assert.match(refused[0][2], /checksum does not match/);
    await page.screenshot({ path: `${shots}/class-view.png` });
    const violations = await axeScan(page);
    assert.deepEqual(violations, [], formatViolations(violations));
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('the class view\'s heatmap counts the predicted cells the class got wrong', async () => {
  const page = await openApp(env.browser, env.server, 'teach.html?lang=en');
  try {
    // A pack whose exercise asks for a prediction of every cell: built in the builder.
    await page.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => page.click('[data-action=\"build-exercise\"]'));
    const builder = page.locator('[data-panel="builder"]');
    await builder.locator('[data-action="predict-all"]').click();
    await builder.locator('[data-action="add-to-pack"]').click();
    await builder.locator('[data-added="1"]').waitFor();
    assert.match(await builder.locator('[data-added]').innerText(), /it has 1 exercise now/);
    const code = (name, cells) => resultCode({ pack: 'my-pack', version: 1, name, exercises: [{ solved: 'not', hints: 0, solutionSeen: false, cells }] });
    await page.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => page.click('[data-action=\"class-view\"]'));
    const view = page.locator('[data-panel="class-view"]');
    await view.locator('textarea[name="result_codes"]').fill([
      // The cells in chart order: alice/writer-v1, alice/checker-v1, bob/writer-v1, bob/checker-v1.
      code('A', ['right', 'wrong', 'right', 'right']), code('B', ['right', 'wrong', 'wrong', 'right']), code('C', ['none', 'wrong', 'none', 'none']),
    ].join('\n'));
    await page.waitForSelector('[data-heat]');
    const heat = await view.locator('[data-heat]').evaluateAll((tds) => Object.fromEntries(tds.map((t) => [t.dataset.heat, [t.dataset.wrong, t.textContent]])));
    await page.screenshot({ path: `${shots}/class-view-heatmap.png` });
    assert.deepEqual(heat, {
      'alice/writer-v1': ['0', '✗ 0 wrong'],
      'alice/checker-v1': ['3', '✗ 3 wrong'],
      'bob/writer-v1': ['1', '✗ 1 wrong'],
      'bob/checker-v1': ['0', '✗ 0 wrong'],
    });
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});

test('a bad, tampered or oversized pack link: a clear message, and nothing lost', async () => {
  const context = await env.browser.newContext();
  try {
    const own = await openPage(context, env.server, 'lang=en');
    await own.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitForSavedWork(own, (work) => !work.cards.some((c) => c.id === 'G'));
    const before = await allStorage(own);
    for (const [hash, words] of [
      ['#p1.00000000.eNqrVspMUbIyMDAwMDIwMA', /cut or changed|integrity/],
      ['#p1.12345678.not-base64!!', /cut or changed/],
      [`#p1.00000000.${'A'.repeat(70000)}`, /too long/],
      ['#p7.00000000.AAAA', /newer version/],
    ]) {
      const page = await openPage(context, env.server, 'lang=en', hash);
      assert.match(await waitForNotice(page, 'error', 'pack link'), words);
      assert.match(await waitForNotice(page, 'error', 'pack link'), /Your current work is unchanged/);
      assert.equal(await page.locator('[data-view] [data-card-id="G"]').count(), 0, 'the learner\'s own work is shown');
      // Whatever the tab would save, it saves now (as when it is closed).
      await flushSave(page);
      assert.deepEqual(Object.keys(await allStorage(page)).sort(), Object.keys(before).sort());
      assert.deepEqual(pageErrors(page), []);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

// The Teacher menu on a phone opens on screen, and a choice closes it (it
// never lies over the toolbar while a drawer is open).
test('the Teacher menu opens on screen at 390 px, closes when a tool is chosen, and every drawer closes', async () => {
  for (const width of [390, 1280]) {
    const page = await openApp(env.browser, env.server, 'teach.html?lang=en', { viewport: { width, height: 844 } });
    try {
      await page.locator('.teacher-menu summary').click();
      for (const action of ['build-exercise', 'share-pack', 'class-view']) {
        const box = await page.locator(`[data-action="${action}"]`).boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= width, `${action} at ${width} px: ${JSON.stringify(box)}`);
      }
      await page.click('[data-action="build-exercise"]');
      await page.waitForSelector('[data-panel="builder"]');
      assert.equal(await page.locator('.teacher-menu').evaluate((d) => d.open), false);
      // The drawer takes the focus; its button closes it (on a phone it
      // covers the whole screen, menu included), and so does Escape; the
      // focus goes back to the menu.
      await page.waitForFunction(() => document.activeElement?.dataset.action === 'close-drawer');
      await page.click('[data-panel="builder"] [data-action="close-drawer"]');
      await page.waitForSelector('[data-panel="builder"]', { state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.matches('.teacher-menu summary'));
      await page.locator('.teacher-menu summary').click();
      await page.click('[data-action="class-view"]');
      await page.waitForSelector('[data-panel="class-view"]');
      await page.fill('textarea[name="result_codes"]', 'x');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-panel="class-view"]', { state: 'detached' });
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await page.context().close();
    }
  }
});

// Beside an open drawer the page is about 800 px wide on a wide screen: the
// top bar wraps rather than writing its title under the lessons, and the
// stage takes two columns, so the chart stays readable while an exercise is
// made; closing the drawer gives the page its whole width back.
test('beside an open drawer at 1280 px: the title clear of the lessons, the chart beside the drawer and wide enough to read', async () => {
  const page = await openApp(env.browser, env.server, 'teach.html?lang=en', { viewport: { width: 1280, height: 800 } });
  try {
    const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    await page.locator('.teacher-menu summary').click();
    await page.click('[data-action="build-exercise"]');
    await page.waitForSelector('[data-panel="builder"]');
    const drawer = await page.locator('[data-panel="builder"]').boundingBox();
    // The title's own text, which overflows its box when the bar is squeezed.
    const title = await page.locator('.top .brand h1').evaluate((h) => {
      const range = document.createRange();
      range.selectNodeContents(h);
      const r = range.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    const lessons = await page.locator('.top .lessons').boundingBox();
    assert.ok(!overlaps(title, lessons), `title ${JSON.stringify(title)}, lessons ${JSON.stringify(lessons)}`);
    const chart = await page.locator('#chart').boundingBox();
    assert.ok(chart.x + chart.width <= drawer.x, `chart ${JSON.stringify(chart)}, drawer ${JSON.stringify(drawer)}`);
    assert.ok(chart.width >= 400, `the chart is ${chart.width} px wide`);
    await page.click('[data-panel="builder"] [data-action="close-drawer"]');
    await page.waitForSelector('[data-panel="builder"]', { state: 'detached' });
    await page.waitForFunction(() => !document.body.hasAttribute('data-drawer'));
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await page.context().close();
  }
});
