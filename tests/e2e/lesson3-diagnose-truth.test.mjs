// Lesson 3's Diagnose tells the truth: a card outside the viewer's rights
// is the boundary holding (the rules working), with no edit of the card
// offered; a replaced card is answered as forgotten, replaced by G2 at
// tick 2, with no budget advice; "stops here" marks one question.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, withApp } from './harness.mjs';
import { diagnose, waitLessonThree } from './lesson3-helpers.mjs';

const env = useBrowser();

/** The open diagnosis's parts the learner could act on. */
const actions = (page) =>
  page.$$eval('[data-diagnosis] button, [data-diagnosis] a, [data-diagnosis] input', (els) =>
    els.map((el) => el.getAttribute('data-action') ?? el.tagName));

const stopMarks = (page) => page.$$eval('[data-diagnosis] .stop-mark', (els) => els.length);

test('lesson 3: Diagnose U for bob/checker-v1 is the boundary holding, with no edit; G is forgotten, replaced by G2 at tick 2', async () => {
  await withApp(env, 'lesson=3&lang=en', async (page) => {
    await waitLessonThree(page);

    // U: alice's USER card, holding her canary. Not a fault to repair.
    const u = await diagnose(page, 'bob/checker-v1', 'U');
    assert.equal(u.stop, 'retrievable');
    assert.deepEqual(u.answers, [['written', 'yes'], ['retrievable', 'no'], ['in_prompt', 'not_asked'], ['forgotten', 'no']]);
    assert.equal(await page.getAttribute('[data-diagnosis] [data-fix]', 'data-fix'), 'boundary');
    assert.match(u.fix, /The boundary holds: this is the rules working, not a fault/);
    assert.match(u.fix, /Only alice\/[a-z0-9-]+(, alice\/[a-z0-9-]+)* may read U/);
    assert.match(u.fix, /No edit of U is offered/);
    assert.match(u.fix, /alice\/writer-v1 writes a new reusable GLOBAL card without the personal details/);
    assert.doesNotMatch(u.text, /Smallest edit|owner user changed|stream set to reusable/);
    assert.equal(await stopMarks(page), 1);
    // Nothing to click but closing the answer.
    assert.deepEqual(await actions(page), ['close-diagnosis']);

    // G: replaced by G2. Forgotten on purpose, with who and when.
    const g = await diagnose(page, 'bob/checker-v1', 'G');
    assert.equal(g.stop, 'forgotten');
    assert.deepEqual(g.answers, [['written', 'yes'], ['retrievable', 'not_asked'], ['in_prompt', 'not_asked'], ['forgotten', 'yes']]);
    assert.match(g.text, /Was it forgotten\? yes: a newer version, G2, replaces it \(by dana at tick 2\)/);
    assert.match(g.fix, /G2 replaced it \(by dana at tick 2\): the newer version is in use, nothing to bring back/);
    assert.doesNotMatch(g.text, /budget|top_k|situation/);
    assert.equal(await stopMarks(page), 1);
    assert.deepEqual(await actions(page), ['close-diagnosis']);
    assert.deepEqual(pageErrors(page), []);
  });
});
