// npm run soak, issue 40 point 2: the five kinds that still mailed the visitor without a guard
// (documents to the typed address, the newsletter, a saved search, a booking, a rental
// application). Each is posted as the audit would (JSON without a proof), as a browser without
// JavaScript posts it (the captcha step), as the page's script posts it (with the proof), and that
// post once more (the proof is spent). Prints the answers and what the refused posts left:
// submissions stored, mails queued to their address.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** base: the soak server; root: the project; leads: its stored leads; proofOf and formToken: as a browser makes them. */
export async function mailGuardProbe({ base, root, leads, proofOf, formToken, line }) {
  console.log('\n10. The five kinds that mailed without a guard: without a proof, without JavaScript, with a proof, twice (issue 40)');
  const sample = JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
  const withDocs = sample.properties.find((p) => p.language === 'fr' && (p.Documents ?? []).length > 0);
  const forSale = sample.properties.find((p) => p.language === 'fr' && !p.Availability && p.Goal === 0 && !p.ProjectID);
  const rental = sample.properties.find((p) => p.language === 'fr' && !p.Availability && p.Goal === 1 && !p.ProjectID);
  const slots = async () => (await (await fetch(`${base}/api/appointments`)).json()).slots ?? [];
  const kinds = {
    'document-request': async () => ({ firstName: 'Soak', lastName: 'Guard', propertyId: withDocs?.ID }),
    'sign-newsletter': async () => ({ firstName: 'Soak' }),
    'demand-register': async () => ({ firstName: 'Soak', lastName: 'Guard', goal: 'sale', types: ['3'], cities: ['1030'] }),
    'contact-appointment': async () => ({ firstName: 'Soak', lastName: 'Guard', phone: '0470 12 34 56', propertyId: forSale?.ID, slot: (await slots())[0] }),
    'rental-application': async () => ({
      firstName: 'Soak',
      lastName: 'Guard',
      phone: '0470 12 34 56',
      propertyId: rental?.ID,
      monthlyIncome: (rental?.Price ?? 0) * 3,
      persons: 1,
      ...Object.fromEntries(['confirmIncome', 'confirmPersons', 'confirmDescription', 'confirmPayment'].map((k) => [k, true])),
    }),
  };
  const tokens = await Promise.all(Object.keys(kinds).map(() => formToken()));
  const refusedTo = [];
  const json = (kind, body) =>
    fetch(`${base}/api/forms/${kind}?lang=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': '10.42.0.1' },
      body: JSON.stringify(body),
    });
  const form = (kind, body) =>
    fetch(`${base}/api/forms/${kind}?lang=fr`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: base, 'x-forwarded-for': '10.42.0.2' },
      body: new URLSearchParams(Object.entries(body).flatMap(([k, v]) => [v].flat().map((x) => [k, x === true ? 'on' : String(x)]))).toString(),
    });
  let n = 0;
  for (const [i, [kind, make]] of Object.entries(kinds).entries()) {
    const token = tokens[i];
    const fields = await make();
    const to = () => `soak.guard.${Date.now()}.${++n}@example.be`;
    const bare = { lang: 'fr', formToken: token, website: '', ...fields, email: to() };
    const noJs = { ...bare, email: to() };
    refusedTo.push(bare.email, noJs.email);
    const without = await json(kind, bare);
    const step = await form(kind, noJs);
    const stepPage = step.status === 422 ? await step.text() : '';
    const proof = proofOf(token);
    const good = { ...bare, email: to(), proof };
    const taken = await json(kind, good);
    const twice = { ...good, email: to() };
    refusedTo.push(twice.email);
    const again = await json(kind, twice);
    line(
      kind,
      `no proof ${without.status}, no JavaScript ${step.status}${stepPage.includes('name="captchaToken"') ? ' (captcha step)' : ''}, with proof ${taken.status}, again ${again.status}`,
    );
  }
  const stored = leads();
  const refused = new Set(refusedTo);
  line('refused posts: submissions stored', String(stored.submissions.filter((s) => refused.has(s.fields?.email)).length));
  line('refused posts: mails queued to their address', String(stored.outbox.filter((m) => refused.has(m.to)).length));
}
