// Lesson 3's prompt panel and `mixua prompt --json` agree, through files
// (issue 51: no journey runs the CLI). On lesson 3's story, every viewer's
// prompt in the panel loads the same cards in the same order, leaves out
// the same ones for the same reasons, and counts the same tokens as
// crates/mixua-cli/tests/from-the-browser/lesson3-story-prompts.json; after
// the learner's two edits, the Work menu's export is lesson3-edited.json
// there and the panel shows lesson3-edited-prompts.json. The native test
// beside those files (crates/mixua-cli/tests/from_the_browser.rs) holds
// `mixua prompt --json` on `mixua seed --lesson3` and on that export to the
// same prompts: a change on either side fails one of the two tests.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadText, pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { promptOf, setField, waitLessonThree } from './lesson3-helpers.mjs';

const fixtures = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'crates', 'mixua-cli', 'tests', 'from-the-browser');
const fixture = (name) => readFileSync(join(fixtures, name), 'utf8');
const env = useBrowser();

/** The panel's prompt of one viewer, in the terms the fixtures keep. */
async function panelPrompt(page, viewer) {
  await page.selectOption('[data-panel="prompt"] select[name="prompt-viewer"]', viewer);
  await page.waitForSelector(`[data-panel="prompt"][data-prompt="${viewer}"]`);
  const p = await promptOf(page);
  return { viewer, always: p.always, retrieved: p.retrieved, tool: p.tool, dropped: p.dropped, tokens: p.tokens, startup: p.startup, baseline: p.baseline, stale: p.stale };
}

test('the prompt panel on the story and after two edits shows the prompts mixua prompt --json gives on the same files', async () => {
  const story = JSON.parse(fixture('lesson3-story-prompts.json'));
  const edited = JSON.parse(fixture('lesson3-edited-prompts.json'));
  assert.equal(story.length, 6);
  await withApp(env, 'lesson=3&lang=en', async (page) => {
    await waitLessonThree(page);
    for (const cli of story) {
      assert.ok(cli.always.length + cli.retrieved.length > 0, `${cli.viewer} loads something`);
      assert.deepEqual(await panelPrompt(page, cli.viewer), cli, `the story: ${cli.viewer}`);
    }
    // The learner's edits, then the same comparison on the exported work.
    await setField(page, 'budget-episodic', 60);
    await waitUntil(page, () => /episodic budget unlimited → 60/.test(document.querySelector('.change-strip')?.textContent ?? ''));
    await page.selectOption('[data-panel="prompt-settings"] select[name="load-meta"]', 'always');
    await waitUntil(page, () => /meta memory loads by tool → always in/.test(document.querySelector('.change-strip')?.textContent ?? ''));
    const exported = (await downloadText(page, '[data-action="export"]')).text;
    assert.deepEqual(JSON.parse(exported), JSON.parse(fixture('lesson3-edited.json')), 'the export is the file mixua prompt reads');
    for (const cli of edited) {
      assert.deepEqual(await panelPrompt(page, cli.viewer), cli, `after the edits: ${cli.viewer}`);
    }
    assert.deepEqual(pageErrors(page), []);
  });
});
