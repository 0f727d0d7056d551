// npm run owners -- add EMAIL --lang fr [--properties 101,102] [--ref owner-001] [--password P]
//                   list [--json] | disable EMAIL | enable EMAIL
// Owner accounts of the owner portal, in DATA_DIR/owners.json (default ./var), or in DATABASE_URL's database. The running server
// sees a change without a restart. Without --password (or OWNER_PASSWORD) a password is generated
// and printed once; give it to the owner, who can change it with "Forget Password".
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
    'usage: npm run owners -- add EMAIL --lang nl|fr|en|de [--properties ID,ID] [--ref OWNER_REF] [--password P]\n       npm run owners -- list [--json]\n       npm run owners -- disable|enable EMAIL',
  );
  process.exit(2);
};
if (!['add', 'list', 'disable', 'enable'].includes(command)) usage();
if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
const { commandLineStore, addOwner, setOwnerDisabled, OwnerInputError } = main;
const env = readSettings(main);
const cli = await commandLineStore({ root, env });
const accounts = cli.owners;

try {
  if (command === 'list') {
    const owners = await accounts.all();
    if (rest.includes('--json'))
      console.log(
        JSON.stringify(
          owners.map(({ passwordHash, reset, ...o }) => o),
          null,
          2,
        ),
      );
    else {
      for (const o of owners)
        console.log(
          `${o.username.padEnd(32)} ${o.lang}  ${o.disabled ? 'DISABLED' : 'active  '}  properties ${o.propertyIds.join(',') || '-'}${o.ref ? `  ref ${o.ref}` : ''}`,
        );
      console.log(`${owners.length} owner account${owners.length === 1 ? '' : 's'} in ${cli.where}`);
    }
  } else if (command === 'add') {
    const username = rest[0];
    if (!username || username.startsWith('--')) usage();
    const props = opt('properties');
    if (props !== undefined && !/^\d+(,\d+)*$/.test(props)) throw new OwnerInputError(`--properties: must be property ids separated by commas, not "${props}"`);
    const given = opt('password') ?? env.OWNER_PASSWORD;
    const password = given ?? randomBytes(12).toString('base64url');
    const o = await addOwner(accounts, {
      username,
      password,
      lang: opt('lang') ?? '',
      propertyIds: props ? props.split(',').map(Number) : [],
      ref: opt('ref'),
    });
    console.log(
      `Added ${o.username} (${o.lang})${o.propertyIds.length ? `, properties ${o.propertyIds.join(',')}` : ''}${o.ref ? `, owner reference ${o.ref}` : ''}.`,
    );
    if (!given) console.log(`Password: ${password}`);
  } else {
    const username = rest[0];
    if (!username) usage();
    const o = await setOwnerDisabled(accounts, username, command === 'disable');
    console.log(`${o.username} is ${o.disabled ? 'disabled' : 'enabled'}.`);
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
