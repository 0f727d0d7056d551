/**
 * `npm run new:form -- NAME` (scripts/new-form.mjs) as a developer runs it, in a scratch copy of the
 * repository: the schemas are up to date and the touched files type-check; then a server started from
 * the copy's own code accepts a valid request of the new kind (with the proof of work the kind asks)
 * and stores it, refuses one without an e-mail address in the visitor's language, mails the agency
 * every field labelled (real SMTP), lands the visitor on the kind's thank-you page, and the editor
 * offers the kind in the form module and places one on a page. Bad names and fields are refused in
 * one line, writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { scratchCopy } from '../helpers/scratch-copy.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { signedToken } from '../helpers/visitor.ts';
import { leads, until } from '../helpers/forms.ts';
import { staffSession } from '../helpers/client.ts';
import type { startTestServer as StartTestServer } from '../helpers/server.ts';

const KIND = 'quote-request';
const LANGS = ['nl', 'fr', 'en'] as const;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'message'];
const TOUCHED = [
  'shared/form-kinds.ts',
  'site-config/dictionaries/nl.json',
  'site-config/dictionaries/fr.json',
  'site-config/dictionaries/en.json',
  'site-config/dictionaries/de.json',
  'editor/i18n/nl.ts',
  'editor/i18n/fr.ts',
  'editor/i18n/en.ts',
  'site-config/pages.json',
  'site-config/articles/general.json',
  'tests/integration/forms-bad-input.test.ts',
  `schemas/form-${KIND}.json`,
  'schemas/types.gen.ts',
];

describe('npm run new:form', () => {
  let dir: string;
  let printed: string;
  let srv: Awaited<ReturnType<typeof StartTestServer>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let dict: Record<(typeof LANGS)[number], Record<string, string>>;
  const scaffold = (...args: string[]) => spawnSync(process.execPath, ['scripts/new-form.mjs', ...args], { cwd: dir, encoding: 'utf8' });
  const node = (...args: string[]) => execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  let n = 0;
  /** A valid request of the new kind as the site's form sends it: the fields, the fill-time token and its proof of work. */
  const request = (lang: string) => ({
    lang,
    ...signedToken(),
    website: '',
    firstName: 'Camille',
    lastName: 'Dupont',
    email: `camille.${process.pid}.${++n}@example.be`,
    phone: '0470 12 34 56',
    message: 'Une offre pour repeindre la façade, s’il vous plaît.',
  });
  const post = (body: Record<string, unknown>, html = false) =>
    fetch(`${srv!.url}/api/forms/${KIND}`, {
      method: 'POST',
      redirect: 'manual',
      headers: html
        ? { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }
        : { 'content-type': 'application/json', accept: 'application/json' },
      body: html ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });

  beforeAll(async () => {
    dir = scratchCopy();
    const r = scaffold(KIND);
    expect(r.status, r.stderr).toBe(0);
    printed = r.stdout;
    dict = Object.fromEntries(LANGS.map((l) => [l, JSON.parse(readFileSync(join(dir, `site-config/dictionaries/${l}.json`), 'utf8'))])) as typeof dict;
    smtp = await startSmtp();
    // The copy's own server code (its definition, schemas, dictionaries and pages), started as the tests start one.
    const { startTestServer } = (await import(join(dir, 'tests/helpers/server.ts'))) as { startTestServer: typeof StartTestServer };
    srv = await startTestServer({ smtpUrl: smtp.url, outboxRetryMs: 100 });
  }, 180_000);
  afterAll(async () => {
    await srv?.close();
    await smtp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the kind, its texts, its thank-you page, its test body, its schema and types, and says which files', () => {
    expect([...printed.matchAll(/^ {2}(\S+)$/gm)].map((m) => m[1])).toEqual(TOUCHED);
    expect(printed).toContain(`${TOUCHED.length} files written`);
    expect(readFileSync(join(dir, 'shared/form-kinds.ts'), 'utf8')).toContain(`fields: [req('firstName'), req('lastName'), req('email'), 'phone', 'message'],`);
    expect(dict.nl[`form.kind.${KIND}`]).toBe('Aanvraag: Quote request');
    expect(dict.fr[`form.kind.${KIND}`]).toBe('Demande : Quote request');
    const de = JSON.parse(readFileSync(join(dir, 'site-config/dictionaries/de.json'), 'utf8'));
    expect(de[`form.kind.${KIND}`]).toBe('Anfrage: Quote request');
    expect(de[`mail.thanks.${KIND}`]).toMatch(/^Vielen Dank für Ihre Anfrage \(Quote request\)/);
    expect(readFileSync(join(dir, 'editor/i18n/fr.ts'), 'utf8')).toContain(`'leads.kind.${KIND}': 'Demande : Quote request',`);
  });

  it('leaves the schemas up to date (npm run gen:forms -- --check) and the touched files type-check', () => {
    expect(node('scripts/gen-forms.mjs', '--check')).toContain('the 14 form schemas are up to date');
    writeFileSync(
      join(dir, 'tsconfig.scaffold.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        include: [...TOUCHED.filter((f) => f.endsWith('.ts')), 'shared/forms.ts', 'modules/contact/index.ts', 'modules/lib/*.d.ts'],
      }),
    );
    node(join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.scaffold.json');
  }, 120_000);

  it('accepts a valid request with its proof of work and stores it', async () => {
    const body = request('fr');
    const r = await post(body);
    expect(r.status).toBe(201);
    const { id, redirect } = (await r.json()) as { id: string; redirect: string };
    expect(redirect).toBe(`/fr/merci/${KIND}/`);
    const stored = leads(srv!.dataDir).submissions.find((s) => s.id === id);
    expect(stored).toMatchObject({ kind: KIND, lang: 'fr', fields: { firstName: 'Camille', lastName: 'Dupont', email: body.email, message: body.message } });
    // Without its proof of work (the guard the definition asks), it is not taken.
    const { proof: _proof, ...unproved } = request('fr');
    expect((await post(unproved)).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses a request without an e-mail address, saying so in the visitor’s language, storing nothing', async () => {
    const before = leads(srv!.dataDir).submissions.length;
    for (const lang of LANGS) {
      const { email: _email, ...body } = request(lang);
      const r = await post(body);
      expect(r.status, lang).toBe(422);
      const { errors } = (await r.json()) as { errors: { field: string; message: string }[] };
      expect(errors, lang).toEqual([{ field: 'email', message: dict[lang]['form.required.email'] }]);
    }
    expect(new Set(LANGS.map((l) => dict[l]['form.required.email'])).size).toBe(3);
    expect(leads(srv!.dataDir).submissions).toHaveLength(before);
  });

  it('mails the agency every field with its label, under the kind’s subject, and the visitor its receipt', async () => {
    const body = request('en');
    const { id } = (await (await post(body)).json()) as { id: string };
    const mine = (suffix: string) => smtp!.received.find((m: ParsedMail) => m.messageId?.startsWith(`<${id}-${suffix}`));
    await until(() => !!mine('agency') && !!mine('visitor'), 15_000);
    const agency = mine('agency')!;
    // The agency reads in the site's default language (nl).
    expect(agency.subject).toBe('Aanvraag: Quote request – Camille Dupont');
    for (const f of FIELDS) expect(agency.text, f).toContain(`${dict.nl[`form.${f}`]}: `);
    expect(agency.text).toContain(`${dict.nl['form.firstName']}: Camille\n`);
    expect(agency.text).toContain(`${dict.nl['form.email']}: ${body.email}\n`);
    expect(agency.text).toContain(body.message);
    expect(mine('visitor')!.text).toContain('Thank you for your request (Quote request). We will contact you within one working day.');
  }, 30_000);

  it('lands the visitor (a form sent without JavaScript) on the kind’s thank-you page, in each language', async () => {
    const expected = { nl: '/nl/bedankt/', fr: '/fr/merci/', en: '/en/thank-you/' };
    for (const lang of LANGS) {
      const r = await post(request(lang), true);
      expect(r.status, lang).toBe(302);
      const path = new URL(r.headers.get('location')!, srv!.url).pathname;
      expect(path).toBe(`${expected[lang]}${KIND}/`);
      const page = await fetch(srv!.url + path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(
        { nl: 'Bedankt voor uw aanvraag: Quote request', fr: 'Merci pour votre demande : Quote request', en: 'Thank you for your request: Quote request' }[
          lang
        ],
      );
      expect(html).toContain(dict[lang][`mail.thanks.${KIND}`].replace("'", '&#x27;'));
    }
  });

  it('is a kind of the form module in the editor, and one placed on a page shows its fields', async () => {
    const editor = await staffSession(srv!.url, srv!.dataDir, 'editor');
    const registry = (await editor.req('GET', '/api/admin/registry')).json as { modules: { view: string; schema: any }[]; maxModuleId: number };
    const form = registry.modules.find((m) => m.view === 'contact')!;
    expect(form.schema.properties.form.enum).toContain(KIND);
    const doc = (await editor.req('GET', '/api/admin/docs/page:15')).json as { data: { modules: object[] }; rev: number };
    const module = { id: registry.maxModuleId + 1, view: 'contact', version: 1, status: 'Published', span: 12, form: KIND };
    const saved = await editor.req('PUT', '/api/admin/docs/page:15', { data: { ...doc.data, modules: [...doc.data.modules, module] }, baseRev: doc.rev });
    expect(saved.status, saved.text).toBe(200);
    const html = await (await fetch(`${srv!.url}/fr/mentions-legales/`)).text();
    expect(html).toContain(`data-form="${KIND}"`);
    expect(html).toContain(`action="/api/forms/${KIND}?lang=fr"`);
    for (const f of FIELDS) expect(html, f).toMatch(new RegExp(`<label[^>]*>${dict.fr[`form.${f}`].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('refuses a name that is not kebab-case, a JavaScript word, or taken, and an unknown field, in one line, and writes nothing', () => {
    const snapshot = () => TOUCHED.map((f) => readFileSync(join(dir, f), 'utf8'));
    const before = snapshot();
    for (const [args, why] of [
      [['QuoteRequest'], /"QuoteRequest" is not a form kind name: kebab-case/],
      [['quote_request'], /"quote_request" is not a form kind name/],
      [['a'.repeat(41)], /at most 40 characters/],
      [[], /usage: npm run new:form -- NAME/],
      [['delete'], /"delete" cannot be a form kind name: it is a JavaScript word/],
      [[KIND], /"quote-request" is taken: a form kind in shared\/form-kinds.ts/],
      [['site-contact'], /"site-contact" is taken/],
      [['test'], /"test" is taken: a thank-you page thank-you-test/],
      [['newsletter'], /"newsletter" is taken: its schema title NewsletterForm is another kind's/],
      [['price-request', '--fields', 'email,colour'], /--fields: "colour" is not a field of the catalogue/],
      [['price-request', '--fields', 'email,cv'], /--fields: "cv" cannot be in a new kind: files are stored per kind/],
      [['price-request', '--fields', 'firstName,phone'], /--fields: the list needs email/],
      [['price-request', '--fields', 'email,email'], /--fields: "email" is listed twice/],
      [['price-request', '--colour'], /unknown option --colour/],
    ] as const) {
      const r = scaffold(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr, args.join(' ')).toMatch(why);
    }
    expect(snapshot()).toEqual(before);
  });

  it('makes a kind of the fields given, the names and the e-mail address required, the rest optional', () => {
    const r = scaffold('callback-request', '--fields', 'name,email,phone,preference');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'shared/form-kinds.ts'), 'utf8')).toContain(`fields: [req('name'), req('email'), 'phone', 'preference'],`);
    const schema = JSON.parse(readFileSync(join(dir, 'schemas/form-callback-request.json'), 'utf8'));
    expect(Object.keys(schema.properties)).toEqual(['name', 'email', 'phone', 'preference']);
    expect(schema.required).toEqual(['name', 'email']);
    expect(node('scripts/gen-forms.mjs', '--check')).toContain('the 15 form schemas are up to date');
  });
});
