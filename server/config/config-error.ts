/**
 * A configuration the server cannot start with: the site's files (one line per problem) or its
 * settings (one line per wrong environment variable, `SettingsError`). `npm start` prints the lines,
 * never a stack, and exits 1.
 */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** Wrong environment variables: each line names the variable, the value and what it must be. */
export class SettingsError extends ConfigError {}
