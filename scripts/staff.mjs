// npm run staff -- add EMAIL --role editor|admin [--name "Full Name"] [--password P]
//                  list [--json] | role EMAIL editor|admin | disable EMAIL | enable EMAIL | password EMAIL [--password P]
// Staff accounts of the editor (/admin/), in DATA_DIR/staff.json (default ./var). The running
// server sees a change without a restart. Without --password (or STAFF_PASSWORD) a password is
// generated and printed once. Each change is written to the audit log as done by the host; admins
// do the same in the editor (Staff screen), with invitations by e-mail.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { readSettings } from './settings.mjs';

const [command, ...rest] = process.argv.slice(2);
const opt = (name) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const usage = () => {
  console.error(
    'usage: npm run staff -- add EMAIL --role editor|admin [--name "Full Name"] [--password P]\n' +
      '       npm run staff -- list [--json]\n' +
      '       npm run staff -- role EMAIL editor|admin\n' +
      '       npm run staff -- disable|enable EMAIL\n' +
      '       npm run staff -- password EMAIL [--password P]',
  );
  process.exit(2);
};
if (!['add', 'list', 'role', 'disable', 'enable', 'password'].includes(command)) usage();
if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
const { commandLineStore, addStaff, changeStaff, OwnerInputError } = main;
const env = readSettings(main);
const cli = await commandLineStore({ root, env });
const accounts = cli.staff;
const username = rest[0] && !rest[0].startsWith('--') ? rest[0] : undefined;

try {
  if (command === 'list') {
    const staff = await accounts.all();
    if (rest.includes('--json'))
      console.log(
        JSON.stringify(
          staff.map(({ passwordHash, link, pastLinks, ...s }) => ({
            ...s,
            ...(link ? { link: { kind: link.kind, expiresAt: new Date(link.expiresAt).toISOString() } } : {}),
          })),
          null,
          2,
        ),
      );
    else {
      for (const s of staff)
        console.log(`${s.username.padEnd(32)} ${s.role.padEnd(6)}  ${s.disabled ? 'DISABLED' : s.passwordHash ? 'active  ' : 'invited '}  ${s.name ?? ''}`);
      console.log(`${staff.length} staff account${staff.length === 1 ? '' : 's'} in ${cli.where}`);
    }
  } else if (!username) usage();
  else if (command === 'add') {
    const given = opt('password') ?? env.STAFF_PASSWORD;
    const password = given ?? randomBytes(12).toString('base64url');
    const s = await addStaff(accounts, { username, password, role: opt('role') ?? '', name: opt('name') });
    console.log(`Added ${s.username} (${s.role}). They log in at /admin/.`);
    if (!given) console.log(`Password: ${password}`);
  } else if (command === 'role') {
    const s = await changeStaff(accounts, username, { role: rest[1] ?? '' });
    console.log(`${s.username} is now ${s.role}.`);
  } else if (command === 'password') {
    const given = opt('password') ?? env.STAFF_PASSWORD;
    const password = given ?? randomBytes(12).toString('base64url');
    const s = await changeStaff(accounts, username, { password });
    console.log(`New password set for ${s.username}.`);
    if (!given) console.log(`Password: ${password}`);
  } else {
    const s = await changeStaff(accounts, username, { disabled: command === 'disable' });
    console.log(`${s.username} is ${s.disabled ? 'disabled' : 'enabled'}.`);
  }
} catch (e) {
  if (e instanceof OwnerInputError) {
    console.error(e.message);
    await cli.close();
    process.exit(2);
  }
  throw e;
}
await cli.close();
