// npm run soak, issue 40 points 6 and 7: the audit's probes of the captcha, the CV upload and the
// page policy, against the soak's server (TRUST_PROXY=1: each probe speaks from its own address).
//   - 168 captcha images asked for from one address in a burst (the audit drew them all in 10 s);
//   - a solved captcha sent twice (the record of answered images is in the store);
//   - a CV that is `PK\x03\x04` plus a Word document's two part names, sent as DOCX;
//   - a property page's policy: how many script hashes, 'unsafe-inline', HSTS over TLS.
import { createDecipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const sleep = (n) => new Promise((r) => setTimeout(r, n));

/** The answer sealed in a captcha token, read with the data folder's key (as staff with access to it could). */
function answerOf(dataDir, token) {
  const key = Buffer.from(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).captcha, 'hex');
  const raw = Buffer.from(token, 'base64url');
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8')).a;
}

export async function captchaCspProbe({ base, dataDir, line }) {
  console.log('\n7. Captcha images and answers, a fake DOCX, the page policy (issue 40)');
  // The audit's burst: 168 images from one address.
  const t = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 168 }, () => fetch(`${base}/api/captcha?lang=fr`, { headers: { 'x-forwarded-for': '10.40.0.1' } }).then((r) => r.status)),
  );
  const drawn = statuses.filter((s) => s === 200).length;
  line(
    'captcha images for one address (168 asked)',
    `${drawn} drawn, ${statuses.filter((s) => s === 429).length}× 429 in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // A solved captcha, sent twice.
  const { token } = await (await fetch(`${base}/api/captcha`, { headers: { 'x-forwarded-for': '10.40.0.2' } })).json();
  const propertyId = (await (await fetch(`${base}/api/properties?lang=fr`)).json()).items[0].id;
  const { token: formToken } = await (await fetch(`${base}/api/forms/token`)).json();
  await sleep(2600);
  const send = () =>
    fetch(`${base}/api/forms/send-to-friend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.40.0.2' },
      body: JSON.stringify({
        lang: 'fr',
        formToken,
        website: '',
        firstName: 'Camille',
        lastName: 'Dupont',
        email: 'camille.dupont@example.be',
        friendFirstName: 'Lucie',
        friendLastName: 'Martin',
        receiverEmail: 'lucie.martin@example.be',
        message: 'Regarde celui-ci !',
        propertyId,
        captchaToken: token,
        captcha: answerOf(dataDir, token),
      }),
    }).then((r) => r.status);
  const first = await send();
  line('a solved captcha sent, then sent again', `${first}, then ${await send()}`);

  // The audit's CV: the ZIP magic and two part names, no archive.
  const form = new FormData();
  form.set('lang', 'fr');
  form.set('formToken', formToken);
  form.set('website', '');
  form.set('cv', new Blob([Buffer.from('PK\x03\x04[Content_Types].xml word/document.xml', 'latin1')]), 'cv.docx');
  const cv = await fetch(`${base}/api/forms/job-application`, {
    method: 'POST',
    headers: { accept: 'application/json', 'x-forwarded-for': '10.40.0.3' },
    body: form,
  });
  line('a fake DOCX CV (PK\\x03\\x04 + two part names)', `${cv.status} ${JSON.stringify((await cv.json()).error ?? '')}`);

  // The policy of a property page, over TLS through the trusted proxy.
  const detail = (await (await fetch(`${base}/api/properties?lang=nl`)).json()).items[0].path;
  const page = await fetch(`${base}${detail}`, { headers: { 'x-forwarded-for': '10.40.0.4', 'x-forwarded-proto': 'https' } });
  const scripts = (page.headers.get('content-security-policy') ?? '').split(';').find((d) => d.trim().startsWith('script-src ')) ?? '';
  const html = await page.text();
  const links = [...html.matchAll(/href="([a-z][a-z0-9+.-]*):/gi)]
    .map((m) => m[1].toLowerCase())
    .filter((s) => s !== 'http' && s !== 'https' && s !== 'mailto' && s !== 'tel');
  line(
    'property page: script hashes in the policy',
    `${(scripts.match(/'sha256-/g) ?? []).length} (the renderer's own), unsafe-inline: ${scripts.includes("'unsafe-inline'") ? 'yes' : 'no'}`,
  );
  line('property page: links of another scheme', String(links.length));
  line('HSTS over TLS', page.headers.get('strict-transport-security') ?? 'none');
}
