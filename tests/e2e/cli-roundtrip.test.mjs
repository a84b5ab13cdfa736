// A workspace exported by the app is valid input for `mixua report
// --workspace`, and the CLI's views are the views the app shows. The app's
// exported report equals the CLI's report on the same file; and the CLI's
// example workspace (`mixua seed`) imports into the app.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SEED_VIEWS, allViews, cardRow, downloadText, importFile, pageErrors, useBrowser, waitForNotice, waitForViews, withApp } from './harness.mjs';

const env = useBrowser();
const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..');

/** `mixua report --workspace FILE --out OUT` through cargo (builds the CLI when needed). */
async function mixuaReport(workspace, out) {
  await run('cargo', ['run', '-q', '-p', 'mixua-cli', '--', 'report', '--workspace', workspace, '--out', out], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 600_000,
  });
  return JSON.parse(await readFile(out, 'utf8'));
}

test('the app’s export passes through `mixua report` with the same views', { timeout: 660_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mixua-e2e-'));
  try {
    let views;
    let workspace;
    let appReport;
    await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
      // A state unlike the seed: a leak, a new user and card, an edited query.
      await cardRow(page, 'X').locator('select[name="stream"]').selectOption('reusable');
      await page.fill('input[name="new_user"]', 'carol');
      await page.press('input[name="new_user"]', 'Enter');
      await page.waitForSelector('[data-view="carol/writer-v1"]');
      await page.click('[data-action="add-card"]');
      await cardRow(page, 'N1').locator('select[name="owner_user"]').selectOption('carol');
      await cardRow(page, 'N1').locator('select[name="scope"]').selectOption('PAIR');
      await cardRow(page, 'N1').locator('textarea[name="lesson"]').fill('carol 的暗號筆記');
      await cardRow(page, 'A').locator('input[name="share_approved"]').uncheck();
      await page.fill('input[name="query"]', '暗號');
      const expected = {
        'alice/writer-v1': ['U', 'X'],
        'alice/checker-v1': ['U', 'X'],
        'bob/writer-v1': ['B', 'X'],
        'bob/checker-v1': ['B', 'X'],
        'carol/writer-v1': ['X', 'N1'],
        'carol/checker-v1': ['X'],
      };
      views = await waitForViews(page, expected);
      assert.deepEqual(views, expected);
      assert.equal(await page.locator('[data-view] [data-leak="FAKE-ALICE-731"]').count(), 4);
      workspace = await downloadText(page, '[data-action="export"]');
      appReport = await downloadText(page, '[data-action="export-report"]');
      assert.equal(appReport.name, 'memory-result.json');
      assert.deepEqual(pageErrors(page), []);
    });

    const file = join(dir, 'mixua-workspace.json');
    await writeFile(file, workspace.text);
    const report = await mixuaReport(file, join(dir, 'memory-result.json'));
    const cliViews = Object.fromEntries(Object.entries(report.views).map(([viewer, hits]) => [viewer, hits.map((h) => h.id)]));
    assert.deepEqual(cliViews, views);
    assert.equal(report.query, '暗號');
    // The app's own report for a class hand-in is the CLI's report.
    assert.deepEqual(JSON.parse(appReport.text), report);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the CLI’s example workspace (`mixua seed`) imports with the seed’s views', { timeout: 660_000 }, async () => {
  const { stdout } = await run('cargo', ['run', '-q', '-p', 'mixua-cli', '--', 'seed'], { cwd: repoRoot, timeout: 600_000 });
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    // Start from something else, so the import visibly changes the views.
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await page.waitForSelector('[data-card-id="G"]', { state: 'detached' });
    await importFile(page, 'seed.json', stdout);
    await waitForNotice(page, 'info', 'Loaded seed.json: 7 cards, 2 rejected');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    assert.deepEqual(Object.keys(await allViews(page)), Object.keys(SEED_VIEWS));
    assert.deepEqual(pageErrors(page), []);
  });
});
