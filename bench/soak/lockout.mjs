// Soak probe (issue 40, point 4): the lockout attempt. An attacker at one address hammers an owner's
// account with wrong passwords (8 at once, 30 s); meanwhile the real owner logs in from their own
// address every 2 s. The audit: five wrong passwords made the right one fail with 429 for 15 minutes
// from any address. Prints the attacker's answers and the real owner's results and times.
import { join } from 'node:path';

export async function lockoutProbe({ base, dataDir, root, line, ms, seconds = 30 }) {
  const { OwnerAccounts, addOwner } = await import(join(root, 'dist/server/main.js'));
  const username = `soak.owner.${Date.now()}@example.be`;
  const password = 'the real owner password';
  await addOwner(OwnerAccounts.inDataDir(dataDir), { username, password, lang: 'fr' });
  const login = (pw, ip) =>
    fetch(`${base}/api/owner/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username, password: pw, lang: 'fr' }),
    });
  // The owner's login alone first (the same scrypt work), to compare with the times under attack.
  const alone = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await (await login(password, '10.44.0.7')).arrayBuffer();
    alone.push(performance.now() - t);
  }
  line('real owner, alone (3 logins)', `median ${ms([...alone].sort((a, b) => a - b)[1])}`);
  const until = Date.now() + seconds * 1000;
  const attack = {};
  let tries = 0;
  const attacker = Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until) {
        const r = await login(`guess ${tries++}`, '10.44.0.66');
        await r.arrayBuffer();
        attack[r.status] = (attack[r.status] ?? 0) + 1;
      }
    }),
  );
  const mine = [];
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 2000));
    const t = performance.now();
    const r = await login(password, '10.44.0.7');
    await r.arrayBuffer();
    mine.push({ status: r.status, ms: performance.now() - t });
  }
  await attacker;
  line(
    `attacker, one address, ${seconds} s (8 at once)`,
    `${tries} tries: ${Object.entries(attack)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ')}`,
  );
  const ok = mine.filter((m) => m.status === 200).length;
  const times = mine.map((m) => m.ms).sort((a, b) => a - b);
  line(
    'real owner, own address, meanwhile (audit: 429)',
    `${ok} of ${mine.length} logged in (${[...new Set(mine.map((m) => m.status))].join(', ')}); median ${ms(times[Math.floor(times.length / 2)])}, worst ${ms(times.at(-1))}`,
  );
}
