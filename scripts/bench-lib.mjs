// What the browser benchmarks share: the made-up population, a deterministic
// generator, the min/median/max of a series and how a figure is printed, and
// the built files' sizes. Benchmarks print figures; none asserts a time.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir } from '../tests/e2e/harness.mjs';

export const USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy'];
export const AGENTS = [
  'writer-v1', 'checker-v1', 'planner-v1', 'coder-v2', 'reviewer-v1',
  'translator-v1', 'summarizer-v3', 'tester-v1', 'search-v2', 'editor-v1',
];
export const SCOPES = ['PAIR', 'USER', 'AGENT', 'GLOBAL'];

/** A tiny deterministic generator, so every run measures the same workspace. */
export function lcg(seed) {
  let state = BigInt(seed) ^ 0x9e3779b97f4a7c15n;
  return (n) => {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number((state >> 33n) % BigInt(n));
  };
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted.at(-1) };
}

export const ms = (v) => `${v.toFixed(1)} ms`;

/** One figure's line: label, min, median, max and the budget it answers to. */
export const line = (label, s, budget, width = 34) =>
  `  ${label.padEnd(width)} min ${ms(s.min).padStart(9)}   median ${ms(s.median).padStart(9)}   max ${ms(s.max).padStart(9)}${budget ? `   (${budget})` : ''}`;

/** The built .wasm and .js files: bytes raw and gzipped (level 9). */
export async function builtSizes(dir = distDir) {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.wasm') || f.endsWith('.js'));
  const out = [];
  for (const file of files) {
    const bytes = await readFile(join(dir, file));
    out.push({ file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
  }
  return out;
}
