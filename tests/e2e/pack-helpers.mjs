// Helpers for the pack journeys and scripts/bench-class.mjs: result codes
// written as a learner's browser would hand them in (the format of
// crates/mixua-course/src/result_code.rs, written out here independently:
// `MX1-` + Crockford base 32 of the payload and its CRC-32), and a code
// changed by one character, as a tampered hand-in would be.

import assert from 'node:assert/strict';
import { SEED_VIEWS, axeScan, cardRow, downloadText, formatViolations, waitForNotice, waitForViews } from './harness.mjs';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (~crc) >>> 0;
}

function varint(out, n) {
  for (;;) {
    const byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n === 0) return out.push(byte);
    out.push(byte | 0x80);
  }
}

function text(out, s) {
  const bytes = Buffer.from(s, 'utf8');
  varint(out, bytes.length);
  out.push(...bytes);
}

/**
 * A result code: `{ pack, version, name, exercises: [{ solved: 'not'|'solved'|'with_solution',
 * hints, solutionSeen, cells: ['right'|'wrong'|'none', ...] }] }`.
 */
export function resultCode({ pack, version, name, exercises }) {
  const bytes = [1];
  text(bytes, pack);
  varint(bytes, version);
  text(bytes, name);
  varint(bytes, exercises.length);
  for (const e of exercises) {
    const solved = { not: 0, solved: 1, with_solution: 2 }[e.solved];
    bytes.push(solved | ((e.solutionSeen ? 1 : 0) << 2) | (Math.min(e.hints, 31) << 3));
    varint(bytes, e.cells.length);
    for (let i = 0; i < e.cells.length; i += 4) {
      let b = 0;
      e.cells.slice(i, i + 4).forEach((m, n) => (b |= { none: 0, right: 1, wrong: 2 }[m] << (2 * n)));
      bytes.push(b);
    }
  }
  const sum = crc32(bytes);
  bytes.push((sum >>> 24) & 255, (sum >>> 16) & 255, (sum >>> 8) & 255, sum & 255);
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(acc >>> bits) & 31];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(acc << (5 - bits)) & 31];
  return `MX1-${out}`;
}

/** The same code with one character of its body changed (still a valid character). */
export function tampered(code, at = 12) {
  const c = code[at];
  const other = ALPHABET[(ALPHABET.indexOf(c) + 7) % 32];
  return code.slice(0, at) + other + code.slice(at + 1);
}

/** Builds the two-exercise pack in `page` and returns the share link. */
export async function buildPack(page, shots) {
  // Exercise 1, from the seed: bob with writer-v1 must see Y.
  await page.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => page.click('[data-action=\"build-exercise\"]'));
  const builder = page.locator('[data-panel="builder"]');
  await builder.locator('input[name="exercise_title"]').fill('Bob reads Y');
  await builder.locator('textarea[name="exercise_task"]').fill('Make Y reach bob with writer-v1, without a leak.');
  await builder.locator('select[name="check_cell"]').selectOption({ label: 'bob/writer-v1' });
  await builder.locator('select[name="check_card"]').selectOption('Y');
  await builder.locator('[data-action="must-see"]').click();
  const first = builder.locator('[data-check="0"]');
  assert.equal(await first.getAttribute('data-holds'), 'false');
  assert.match(await first.innerText(), /bob · writer-v1 retrieves Y: does not hold yet/);
  await builder.locator('textarea[name="hint"]').first().fill('Y is GLOBAL: what does a GLOBAL card need?');
  await builder.locator('[data-action="add-hint"]').click();
  await builder.locator('textarea[name="hint"]').nth(1).fill('Tick “sharing approved” on Y.');
  // The solution: the teacher approves Y on the chart, the preview follows.
  await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
  await page.waitForFunction(() => document.querySelector('[data-panel="builder"] [data-check="0"]')?.dataset.holds === 'true');
  await builder.locator('[data-action="save-solution"]').click();
  assert.match(await builder.locator('[data-solution]').innerText(), /Solution saved \(7 cards\)/);
  await page.screenshot({ path: `${shots}/builder.png` });
  const violations = await axeScan(page);
  assert.deepEqual(violations, [], formatViolations(violations));
  await builder.locator('[data-action="add-to-pack"]').click();
  // Said beside the button, the builder still open; the chart is back at
  // the exercise's start (the seed), so exercise 2 starts from it.
  await builder.locator('[data-added="1"]').waitFor();
  assert.match(await builder.locator('[data-added]').innerText(), /it has 1 exercise now/);
  await waitForViews(page, SEED_VIEWS);

  // Exercise 2: from the seed, X made reusable (a leak); "no leak".
  await cardRow(page, 'X').locator('select[name="stream"]').selectOption('reusable');
  await page.waitForSelector('[data-leak="FAKE-ALICE-731"]');
  await builder.locator('[data-action="start-here"]').click();
  await builder.locator('input[name="exercise_title"]').fill('Stop the leak');
  await builder.locator('[data-action="no-leak"]').click();
  assert.equal(await builder.locator('[data-check="0"]').getAttribute('data-holds'), 'false');
  await cardRow(page, 'X').locator('select[name="stream"]').selectOption('protected');
  await page.waitForFunction(() => document.querySelector('[data-panel="builder"] [data-check="0"]')?.dataset.holds === 'true');
  await builder.locator('[data-action="save-solution"]').click();
  await builder.locator('[data-action="add-to-pack"]').click();
  await builder.locator('[data-added="2"]').waitFor();
  assert.match(await builder.locator('[data-added]').innerText(), /it has 2 exercises now/);

  // Share: an id, the link and the file.
  await page.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => page.click('[data-action=\"share-pack\"]'));
  const share = page.locator('[data-panel="share-pack"]');
  await share.locator('input[name="pack_id"]').fill('class-7b');
  await share.locator('input[name="pack_id"]').press('Tab');
  await share.locator('input[name="pack_title"]').fill('Who reads what');
  await share.locator('input[name="pack_title"]').press('Tab');
  assert.equal(await share.locator('[data-pack-exercise]').count(), 2);
  await share.locator('[data-action="copy-pack-link"]').click();
  const link = await share.locator('input[name="pack_link"]').inputValue();
  const file = await downloadText(page, '[data-action="download-pack"]');
  return { link, file };
}

