import { parse } from '@formatjs/icu-messageformat-parser';
import en from '../editor/i18n/en.ts';
import fr from '../editor/i18n/fr.ts';
import nl from '../editor/i18n/nl.ts';
for (const [name, cat] of Object.entries({ en, fr, nl })) {
  for (const [k, v] of Object.entries(cat)) {
    try { parse(v); } catch (e) { console.log(name, k, (e as Error).message); }
    if (v.includes("'")) console.log(name, k, 'ASCII apostrophe');
  }
  const args = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort().join();
  if (name !== 'en') for (const [k, v] of Object.entries(cat)) if (args(v) !== args((en as Record<string, string>)[k])) console.log(name, k, 'placeholders differ', args(v), '|', args((en as Record<string,string>)[k]));
}
