#!/usr/bin/env node
// Whether V8 shares the code of wasm functions compiled on their first call
// between two instances of one WebAssembly.Module on two threads: whether
// the loader's worker (Trunk.toml), by running the start's pure functions on
// an instance of its own, could spare the page compiling them (issue 52;
// tried, not kept: docs/performance.md, "The start"; V8 compiles a wasm
// function on its first call, and the code belongs to the module, once
// compiled). A synthetic module (N functions of K operations each and `run`,
// which calls them all; V8 compiles each lazily, on its first call) is
// compiled in a worker and posted to the page, which instantiates it and
// times `run`'s first call, in three ways: the worker does nothing else;
// the worker first runs it on an instance of its own; the page runs it on a
// first instance and times a second instance's first call. A first call
// that takes about as long as the unwarmed one means nothing was shared.
// It asserts nothing (a benchmark, not a test).
//
// Usage: node scripts/bench-wasm-share.mjs     (RUNS=3, N=3000, K=60)

import { loadavg } from 'node:os';
import { launchBrowser } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const N = Number(process.env.N ?? 3000);
const K = Number(process.env.K ?? 60);

/** The module's bytes: type () -> i32, N functions, `run`. */
function module() {
  const leb = (n) => { const o = []; do { let b = n & 0x7f; n >>>= 7; if (n) b |= 0x80; o.push(b); } while (n); return o; };
  const sleb = (n) => { const o = []; for (;;) { const b = n & 0x7f; n >>= 7; if ((n === 0 && !(b & 0x40)) || (n === -1 && (b & 0x40))) { o.push(b); return o; } o.push(b | 0x80); } };
  const section = (id, body) => [id, ...leb(body.length), ...body];
  const vec = (items) => [...leb(items.length), ...items.flat()];
  const name = [...Buffer.from('run')];
  const bodies = [];
  for (let i = 0; i < N; i++) {
    // local 0 = i; K times: local 0 = ((local 0 * c) + k) ^ d; return local 0.
    const code = [1, 1, 0x7f, 0x41, ...sleb(i), 0x21, 0];
    for (let k = 0; k < K; k++) code.push(0x20, 0, 0x41, ...sleb(((i * 31 + k * 7) % 1000) + 3), 0x6c, 0x41, ...sleb(k + 1), 0x6a, 0x41, ...sleb((k % 13) + 1), 0x73, 0x21, 0);
    code.push(0x20, 0, 0x0b);
    bodies.push([...leb(code.length), ...code]);
  }
  const run = [0, 0x41, 0];
  for (let i = 0; i < N; i++) run.push(0x10, ...leb(i), 0x6a);
  run.push(0x0b);
  bodies.push([...leb(run.length), ...run]);
  return [
    0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, vec([[0x60, 0, 1, 0x7f]])),
    ...section(3, vec(Array.from({ length: N + 1 }, () => [0]))),
    ...section(7, vec([[...leb(name.length), ...name, 0, ...leb(N)]])),
    ...section(10, vec(bodies)),
  ];
}

const bytes = module();
const browser = await launchBrowser();
const page = await browser.newPage();
await page.goto('about:blank');
const ms = (x) => `${x.toFixed(1)} ms`;
try {
  for (let i = 0; i < RUNS; i++) {
    console.log(`run ${i + 1} (load ${loadavg()[0].toFixed(2)}):`);
    for (const mode of ['cold', 'warmed in the worker', 'second instance on the page']) {
      const r = await page.evaluate(async ({ bytes, mode }) => {
        const source = 'onmessage = (e) => { WebAssembly.compile(new Uint8Array(e.data.bytes)).then((m) => { let t = 0; if (e.data.warm) { const s = performance.now(); new WebAssembly.Instance(m, {}).exports.run(); t = performance.now() - s; } postMessage({ m, t }); }); };';
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        const { m, t } = await new Promise((ok) => { worker.onmessage = (e) => ok(e.data); worker.postMessage({ bytes, warm: mode === 'warmed in the worker' }); });
        worker.terminate();
        if (mode === 'second instance on the page') new WebAssembly.Instance(m, {}).exports.run();
        const s = performance.now();
        new WebAssembly.Instance(m, {}).exports.run();
        return { worker: t, page: performance.now() - s };
      }, { bytes, mode });
      console.log(`  ${mode}: the page's first call ${ms(r.page)}${r.worker ? ` (the worker's ${ms(r.worker)})` : ''}`);
    }
  }
} finally {
  await browser.close();
}
