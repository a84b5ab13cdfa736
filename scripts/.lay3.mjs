import { chromium } from 'playwright-core';
const url = process.argv[2];
const variants = JSON.parse(process.argv[3]);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [name, mode, css] of variants) {
  const out = [];
  for (let i = 0; i < 3; i++) {
    const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
    const p = await ctx.newPage();
    const cdp = await ctx.newCDPSession(p);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const ev = []; cdp.on('Tracing.dataCollected', ({ value }) => ev.push(...value));
    const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
    await p.route('**/*.css', async (r) => { const res = await r.fetch(); const t = await res.text(); r.fulfill({ response: res, body: mode === 'none' ? '' : t + css }); });
    await p.goto(url); await p.waitForTimeout(1200);
    await cdp.send('Tracing.end'); await done;
    const lay = ev.filter((e) => e.name === 'Layout' && e.dur).reduce((a, e) => a + e.dur / 1000, 0);
    out.push(Math.round(lay));
    await ctx.close();
  }
  console.log(name.padEnd(14), 'layout total', out.join(' '));
}
await b.close();
