// `mixua prompt --json` and the playground agree: on lesson 3's story as
// the CLI writes it (`mixua seed --lesson3`), every viewer's prompt loads
// the same cards in the same order, leaves out the same ones for the same
// reasons, and counts the same tokens as the prompt panel shows; and again
// on the playground's own work after the learner's edits, exported from
// the Work menu.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { downloadText, pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { promptOf, setField, waitLessonThree } from './lesson3-helpers.mjs';

const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = useBrowser();

/** Runs `mixua …`: the built binary when there is one, else through cargo (which builds it). */
async function mixua(args) {
  const target = process.env.CARGO_TARGET_DIR ?? join(repoRoot, 'target');
  const bin = join(target, 'debug', 'mixua');
  const [cmd, all] = existsSync(bin) ? [bin, args] : ['cargo', ['run', '-q', '-p', 'mixua-cli', '--', ...args]];
  const { stdout } = await run(cmd, all, { cwd: repoRoot, timeout: 600_000, maxBuffer: 16 << 20 });
  return stdout;
}

/** What the CLI says of one viewer's prompt, in the panel's terms. */
async function cliPrompt(file, viewer) {
  const p = JSON.parse(await mixua(['prompt', '--workspace', file, '--viewer', viewer, '--json']));
  const loaded = (layer) => p.loaded.filter((l) => l.layer === layer).map((l) => l.id);
  return {
    viewer,
    always: loaded('always'),
    retrieved: loaded('retrieved'),
    tool: p.dropped.filter((d) => d.reason.reason === 'tool_only').map((d) => d.id),
    dropped: Object.fromEntries(p.dropped.map((d) => [d.id, d.reason.reason])),
    tokens: p.metrics.prompt_tokens,
    startup: p.metrics.startup_tokens,
    baseline: p.metrics.baseline_tokens,
    stale: p.metrics.stale_use,
  };
}

/** The panel's prompt of one viewer, in the same terms. */
async function panelPrompt(page, viewer) {
  await page.selectOption('[data-panel="prompt"] select[name="prompt-viewer"]', viewer);
  await page.waitForSelector(`[data-panel="prompt"][data-prompt="${viewer}"]`);
  const p = await promptOf(page);
  return { viewer, always: p.always, retrieved: p.retrieved, tool: p.tool, dropped: p.dropped, tokens: p.tokens, startup: p.startup, baseline: p.baseline, stale: p.stale };
}

const VIEWERS = ['alice/writer-v1', 'alice/checker-v1', 'bob/writer-v1', 'bob/checker-v1', 'carol/writer-v1', 'carol/checker-v1'];

test('mixua prompt --json on the story and on an edited export matches the prompt panel', { timeout: 660_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mixua-l3-'));
  const story = join(dir, 'lesson3.json');
  await writeFile(story, await mixua(['seed', '--lesson3', '--lang', 'en']));
  await withApp(env, 'lesson=3&lang=en', async (page) => {
    await waitLessonThree(page);
    for (const viewer of VIEWERS) {
      const cli = await cliPrompt(story, viewer);
      assert.ok(cli.always.length + cli.retrieved.length > 0, `${viewer} loads something`);
      assert.deepEqual(await panelPrompt(page, viewer), cli, `the story: ${viewer}`);
    }
    // The learner's edits, then the same comparison on the exported work.
    await setField(page, 'budget-episodic', 60);
    await waitUntil(page, () => /episodic budget unlimited → 60/.test(document.querySelector('.change-strip')?.textContent ?? ''));
    await page.selectOption('[data-panel="prompt-settings"] select[name="load-meta"]', 'always');
    await waitUntil(page, () => /meta memory loads by tool → always in/.test(document.querySelector('.change-strip')?.textContent ?? ''));
    const exported = join(dir, 'edited.json');
    await writeFile(exported, (await downloadText(page, '[data-action="export"]')).text);
    for (const viewer of VIEWERS) {
      assert.deepEqual(await panelPrompt(page, viewer), await cliPrompt(exported, viewer), `after the edits: ${viewer}`);
    }
    assert.deepEqual(pageErrors(page), []);
  });
});
