// The settings (environment variables) of the command-line tools, read and checked by the server's
// own module (server/env.ts, in the built bundle): a wrong one prints one line per wrong variable
// (the variable, the value, what it must be) and exits 1, without a stack.
export function readSettings(main) {
  try {
    return main.readEnv();
  } catch (e) {
    if (!(e instanceof main.SettingsError)) throw e;
    for (const line of e.lines) console.error(line);
    process.exit(1);
  }
}
