// Form conditions with a bounded cost, and whose settings a post may use (issue 40, point 1), over
// HTTP. The audit's probe: an editor saved a 1,282-character rule (reduce nested three deep over
// literal 200-item arrays) and every post to /api/forms/contact-demand then held the event loop
// 6.5 s; and the posted `module` chose whose settings applied, from any page. Now the save is refused
// with the field named, a config file with such a rule is refused at load, and a post naming a form
// module of another page (or of another kind) is refused with a sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { configCopy, problemsOf } from '../helpers/config.ts';
import { staffSession } from '../helpers/client.ts';
import { signedToken } from '../helpers/visitor.ts';
import { leads } from '../helpers/forms.ts';
import { RULE_MAX_LIST, RULE_MAX_NODES } from '../../shared/rule-cost.ts';

// Page 13 (/fr/estimation-gratuite/): module 51 is its contact-demand form, at index 1. Module 58 is
// the contact-demand form of page 7 (an appointment with an expert); 48 the property page's contact-me.
const VALUATION_PAGE = 12;
const FORM = 1;
const list = (n: number) => Array<number>(n).fill(0);
const count = (over: number[], body: unknown) => ({ reduce: [over, body, 0] });
const hostile = JSON.stringify(count(list(200), count(list(200), count(list(200), { '+': [{ var: 'accumulator' }, 1] }))));

let srv: Awaited<ReturnType<typeof startTestServer>>;
let n = 0;
const valuation = () => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  firstName: 'Sophie',
  lastName: `Lambert-${process.pid}-${++n}`,
  email: `sophie.lambert+rule${n}@example.be`,
  phone: '0472 45 67 89',
  goal: 'sell',
  propertyType: '1',
  bedrooms: 3,
  street: 'Rue Vanderkindere',
  houseNumber: '112',
  zip: '1180',
  city: 'Uccle',
});
const post = (body: unknown, referer?: string) =>
  fetch(`${srv.url}/api/forms/contact-demand?lang=fr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(referer ? { referer: `${srv.url}${referer}` } : {}) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

describe('the audit rule', () => {
  it('is refused when an editor saves it, with the field named and the limits said in the editor’s words; the page stays as it was', async () => {
    const staff = await staffSession(srv.url, srv.dataDir, 'editor', 'rule');
    const doc = (await staff.req('GET', '/api/admin/docs/page:13')).json as { data: any; rev: number };
    const before = JSON.stringify(doc.data);
    const data = structuredClone(doc.data);
    data.modules[FORM].fields = [{ name: 'bedrooms', advanced: hostile }];
    const r = await staff.req('PUT', '/api/admin/docs/page:13', { data, baseRev: doc.rev });
    expect(r.status).toBe(422);
    const at = `/modules/${FORM}/fields/0/advanced`;
    expect(r.json.problems).toEqual([
      expect.objectContaining({ pointer: at, code: 'form.rule.size', params: { count: 617, max: RULE_MAX_NODES } }),
      expect.objectContaining({ pointer: at, code: 'form.rule.list', params: { count: 200, max: RULE_MAX_LIST } }),
    ]);
    expect(r.json.error).toBe(`page:13 was not saved: ${at} has 617 parts; a rule may have at most ${RULE_MAX_NODES} (and 1 more)`);
    expect(JSON.stringify((await staff.req('GET', '/api/admin/docs/page:13')).json.data)).toBe(before);
    // The site's form still answers as before.
    const ok = await post({ ...valuation(), module: 51 }, '/fr/estimation-gratuite/');
    expect(ok.status).toBe(201);
  });

  it('is refused at config load, with a line naming the file, the field and the limit', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[VALUATION_PAGE].modules[FORM].fields = [{ name: 'bedrooms', advanced: hostile }];
      write('pages.json', pages);
    });
    const at = `pages.json /${VALUATION_PAGE}/modules/${FORM}/fields/0/advanced`;
    expect(problemsOf(dir).lines.filter((l) => l.startsWith(at))).toEqual([
      `${at}: has 617 parts; a rule may have at most ${RULE_MAX_NODES}`,
      `${at}: has a list of 200 items; a list in a rule may have at most ${RULE_MAX_LIST}`,
    ]);
  });
});

describe('whose settings a post uses', () => {
  it('refuses a form module of another page, or of another kind, with a sentence naming the field', async () => {
    // The contact-demand form of the appointment page, posted from the valuation page.
    const other = await post({ ...valuation(), module: 58 }, '/fr/estimation-gratuite/');
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      error: "module: n'est pas un formulaire de la page d'où il a été envoyé : rechargez la page et renvoyez le formulaire",
      field: 'module',
    });
    for (const module of [48, 999_999, { $ne: null }, 'x']) {
      const r = await post({ ...valuation(), module });
      expect(r.status, JSON.stringify(module)).toBe(400);
      expect((await r.json()).field).toBe('module');
    }
    // Its own page's form, and no module at all (the visitor tools' forms send 0): accepted.
    const own = await post({ ...valuation(), module: 51 }, '/fr/estimation-gratuite/');
    expect(own.status).toBe(201);
    const tool = await post({ ...valuation(), module: 0 });
    expect(tool.status).toBe(201);
    expect(leads(srv.dataDir).submissions.filter((s) => s.kind === 'contact-demand' && s.fields.lastName.startsWith(`Lambert-${process.pid}-`))).toHaveLength(
      3,
    );
  });
});
