/**
 * The README's table of settings, generated from server/env.ts (`npm run gen:env-docs` writes it
 * between the markers; tests/unit/env.test.ts fails when the README and the declarations disagree).
 */
import { SETTINGS, type EnvName, type Setting } from './env.ts';

export const START = '<!-- settings:start -->';
export const END = '<!-- settings:end -->';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** One row per variable: its name, its default, what it does and what it takes. */
export function settingsTable(): string {
  const rows = (Object.entries(SETTINGS) as [EnvName, Setting<unknown>][]).map(([name, s]) => {
    const dflt = s.defaultText ?? `\`${String(s.value)}\``;
    return `| \`${name}\` | ${cell(dflt)} | ${cell(s.description)} Takes ${cell(s.expected)}. |`;
  });
  return ['| Variable | Default | What it does |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README with the table between its markers as server/env.ts declares it; undefined when a marker is missing. */
export function withSettingsTable(readme: string): string | undefined {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) return undefined;
  return `${readme.slice(0, a)}${START}\n${settingsTable()}\n${readme.slice(b)}`;
}
