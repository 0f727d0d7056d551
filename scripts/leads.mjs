// npm run leads -- [--kind K] [--since YYYY-MM-DD] [--quarantine] [--json]: the visitors' requests kept
// in DATA_DIR or DATABASE_URL's database (with --quarantine: what robots sent, kept apart and never mailed).
import { join } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { readSettings } from './settings.mjs';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const kind = opt('kind');
const since = opt('since');
if (since && !/^\d{4}-\d{2}-\d{2}$/.test(since)) {
  console.error('--since: must be a date like 2026-11-01');
  process.exit(2);
}
if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
const env = readSettings(main);
const dataDir = env.DATA_DIR ?? join(root, 'var');
// Read through the store, beside a server that may be running (its journal included), or from DATABASE_URL's database.
const cli = await main.commandLineStore({ root, dataDir, env });
const data = await cli.leads();
await cli.close();
const source = args.includes('--quarantine') ? data.quarantine : data.submissions;
const rows = source.filter((s) => (!kind || s.kind === kind) && (!since || s.createdAt >= since));
if (args.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  for (const s of rows) {
    const mails = data.outbox.filter((m) => (m.leadId ?? m.id.replace(/-(agency|visitor)$/, '')) === s.id);
    const sent = mails.filter((m) => m.sentAt).length;
    const f = s.fields ?? {};
    const who = [f.firstName, f.lastName].filter(Boolean).join(' ') || f.name || '';
    const extra = [
      s.propertyId ? `property ${s.propertyId}` : '',
      s.appointment ? `appointment ${s.appointment.slot.replace('T', ' ')} ${s.appointment.status}` : '',
      f.cv?.file ? (env.DATABASE_URL ? `CV uploads/cv/${f.cv.file}` : `CV ${join(dataDir, 'uploads/cv', f.cv.file)}`) : '',
      s.kind === 'testimonial' ? String(s.status) : '',
    ]
      .filter(Boolean)
      .join('  ');
    console.log(
      `${s.createdAt.slice(0, 16).replace('T', ' ')}  ${s.kind.padEnd(19)} ${s.lang}  ${who}${f.email ? ` <${f.email}>` : ''}${extra ? `  ${extra}` : ''}  mails ${sent}/${mails.length}`,
    );
  }
  console.log(`${rows.length} request${rows.length === 1 ? '' : 's'}${kind ? ` of kind ${kind}` : ''}${since ? ` since ${since}` : ''} in ${cli.where}`);
}
