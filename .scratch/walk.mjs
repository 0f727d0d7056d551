import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { chromium } from 'playwright-core';
const port = 3914 + Math.floor(Math.random() * 100);
const data = mkdtempSync('/tmp/w14/data-');
execFileSync(process.execPath, ['scripts/staff.mjs', 'add', 'claire@atrium.be', '--role', 'admin', '--password', 'long password 2026'], { env: { ...process.env, DATA_DIR: data }, stdio: 'ignore' });
const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data }, stdio: ['ignore', 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${base}/healthz`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 300)); }
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: 1440, height: 1000 }, baseURL: base, locale: 'fr-BE' });
const p = await ctx.newPage();
p.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console.log('console:', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror', e.message));
const steps = (await import(process.argv[2])).default;
try { await steps(p, base); } catch (e) { console.log('STEP FAILED', e); await p.screenshot({ path: '/tmp/w14/fail.png', fullPage: false }); }
await b.close(); child.kill();
