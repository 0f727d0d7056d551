/**
 * Every regular expression that reads visitor or staff input runs in linear time: the `pattern`s
 * (and pattern property names) of every schema in schemas/ and modules/, and every regular
 * expression written in the code of server/, renderer/, modules/ and editor/ (found by the
 * TypeScript scanner, not listed by hand), are analysed by recheck (automata theory, with fuzzing
 * where that does not decide). A polynomial or exponential one fails the test with the attack
 * string recheck found.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { check } from 'recheck';
import { root } from '../helpers/config.ts';
import { isDate, isDateTime, isEmail, isUri } from '../../shared/formats.ts';

interface Found {
  source: string;
  flags: string;
  where: string;
}

function files(dir: string, test: (f: string) => boolean): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const p = join(dir, name);
    return statSync(join(root, p)).isDirectory() ? files(p, test) : test(name) ? [p] : [];
  });
}

/** `pattern` values and patternProperties keys anywhere in a schema (AJV compiles them with the u flag). */
function schemaPatterns(): Found[] {
  const out: Found[] = [];
  const schemaFiles = [...files('schemas', (f) => f.endsWith('.json')), ...files('modules', (f) => f === 'schema.json')];
  for (const file of schemaFiles) {
    const walk = (v: unknown, pointer: string) => {
      if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${pointer}/${i}`));
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if (k === 'pattern' && typeof x === 'string') out.push({ source: x, flags: 'u', where: `${file} ${pointer}/pattern` });
        if (k === 'patternProperties' && x && typeof x === 'object')
          for (const p of Object.keys(x)) out.push({ source: p, flags: 'u', where: `${file} ${pointer}/patternProperties` });
        walk(x, `${pointer}/${k}`);
      }
    };
    walk(JSON.parse(readFileSync(join(root, file), 'utf8')), '');
  }
  return out;
}

/**
 * Regular expression literals, and `new RegExp(...)` with a literal or template argument (each
 * `${…}` of a template read as one letter: our templates only splice in constant words and numbers).
 */
function codePatterns(): Found[] {
  const out: Found[] = [];
  const code = ['server', 'shared', 'renderer', 'modules', 'editor'].flatMap((d) =>
    files(d, (f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts') && f !== 'types.gen.ts'),
  );
  for (const file of code) {
    const text = readFileSync(join(root, file), 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const visit = (n: ts.Node) => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const lit = (n as ts.RegularExpressionLiteral).text;
        const end = lit.lastIndexOf('/');
        out.push({ source: lit.slice(1, end), flags: lit.slice(end + 1).replace(/[gy]/g, ''), where: at(n) });
      }
      if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && ts.isIdentifier(n.expression) && n.expression.text === 'RegExp' && n.arguments?.length) {
        const [arg, flagArg] = n.arguments;
        const flags = flagArg && ts.isStringLiteral(flagArg) ? flagArg.text.replace(/[gy]/g, '') : '';
        let source: string | undefined;
        if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) source = arg.text;
        else if (ts.isTemplateExpression(arg)) source = arg.head.text + arg.templateSpans.map((s) => `a${s.literal.text}`).join('');
        expect(source, `${at(n)}: a RegExp built from something the scanner cannot read`).toBeDefined();
        out.push({ source: source!, flags, where: at(n) });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

async function vulnerable(list: Found[]): Promise<string[]> {
  const unique = new Map<string, Found[]>();
  for (const f of list) unique.set(`${f.flags}/${f.source}`, [...(unique.get(`${f.flags}/${f.source}`) ?? []), f]);
  const problems: string[] = [];
  // A few at a time: recheck runs its native checker per call.
  const queue = [...unique.values()];
  const worker = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      const { source, flags } = group[0];
      const r = await check(source, flags, { timeout: 20_000 });
      if (r.status === 'vulnerable')
        problems.push(
          `/${source}/${flags} is ${r.complexity.type === 'exponential' ? 'exponential' : 'polynomial'} (attack: ${JSON.stringify(r.attack.pattern)}) at ${group.map((g) => g.where).join(', ')}`,
        );
      else if (r.status === 'unknown') problems.push(`/${source}/${flags} could not be decided (${r.error.kind}) at ${group.map((g) => g.where).join(', ')}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return problems;
}

describe('regular expressions that read visitor or staff input', () => {
  it('finds the schemas’ patterns and the code’s expressions (the scan itself works)', () => {
    const schemas = schemaPatterns();
    const code = codePatterns();
    expect(schemas.some((p) => p.where.includes('form-site-contact.json') && p.where.endsWith('/properties/message/pattern'))).toBe(true);
    expect(code.some((p) => p.where.startsWith(`${join('server', 'http', 'static-files.ts')}:`))).toBe(true);
    expect(code.some((p) => p.where.startsWith(`${join('shared', 'video.ts')}:`) && p.source.includes('(a)$'))).toBe(true);
    expect(schemas.length).toBeGreaterThan(40);
    expect(code.length).toBeGreaterThan(100);
  }, 60_000); // parses every source file: seconds on a loaded 2-core machine

  it('recheck flags the pattern that froze the server, so a regression would be caught', async () => {
    const before = '^(?![\\s\\S]*<\\s*/?\\s*(script|iframe|object|embed)\\b)[\\s\\S]*$';
    expect(await vulnerable([{ source: before, flags: 'u', where: 'the message pattern before the fix' }])).toHaveLength(1);
  }, 60_000);

  it('every schema pattern is linear', async () => {
    expect(await vulnerable(schemaPatterns())).toEqual([]);
  }, 300_000);

  it('every regular expression in the code is linear', async () => {
    expect(await vulnerable(codePatterns())).toEqual([]);
  }, 300_000);
});

describe('the formats the schemas use, checked without backtracking', () => {
  it('e-mail', () => {
    for (const ok of ['camille.dupont@example.be', 'a+tag@sub.example.co.uk', "o'brien@example.ie"]) expect(isEmail(ok), ok).toBe(true);
    for (const bad of [
      'camille.dupont@example',
      '@example.be',
      'a@@example.be',
      'a@-x.be',
      'a@x-.be',
      '.a@x.be',
      'a..b@x.be',
      `a@${'a'.repeat(64)}.be`,
      'a b@x.be',
    ])
      expect(isEmail(bad), bad).toBe(false);
    // The input that makes ajv-formats' full e-mail expression backtrack: refused, and at once.
    expect(isEmail(`a@${'a'.repeat(50_000)}!`)).toBe(false);
  });

  it('uri, date and date-time', () => {
    expect(isUri('https://elise.example/path?q=1#x')).toBe(true);
    for (const bad of ['elise.example', 'https://exa mple.be', 'javascript alert(1)', '']) expect(isUri(bad), bad).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2024-13-01')).toBe(false);
    expect(isDateTime('2024-05-01T10:00:00Z')).toBe(true);
    expect(isDateTime('2024-05-01T10:00:00.123+02:00')).toBe(true);
    expect(isDateTime('2024-05-01T25:00:00Z')).toBe(false);
    expect(isDateTime('2024-05-01')).toBe(false);
  });
});

describe('the scanners that replaced backtracking expressions', () => {
  it('strip tags from CRM text as before, and leave never-closed markup as text', async () => {
    const { stripHtml, stripTags } = await import('../../shared/listing-text.ts');
    expect(stripHtml('<p>Beau <b>living</b><br>lumineux</p><script>alert(1)</script><!-- x -->&amp; jardin')).toBe(' Beau living lumineux   & jardin');
    expect(stripHtml('3 < 5 <STYLE>p{}</STYLE > ok')).toBe('3 < 5   ok');
    const hostile = '<a'.repeat(50_000);
    expect(stripHtml(hostile)).toBe(hostile);
    expect(stripHtml('<!--'.repeat(20_000))).toBe('<!--'.repeat(20_000));
    expect(stripHtml('<script x>'.repeat(20_000))).toBe('');
    expect(stripTags('a<b>c<d', '|')).toBe('a|c<d');
    expect(stripTags('<'.repeat(50_000))).toBe('<'.repeat(50_000));
  });
});
