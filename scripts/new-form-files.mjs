// What a new form kind adds to the repository's files (npm run new:form, scripts/new-form.mjs): its
// entry in KINDS, its texts in each language, its thank-you page and article, its valid body in the
// bad-input test. Pure functions of the files' text: the script reads and writes.
import { pascal, words } from './new-module-files.mjs';

/** The fields a new kind has when none are given: the contact data and a message. */
export const DEFAULT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'message'];
/** Required in a new kind (the rest optional: the developer changes it in KINDS). */
export const REQUIRED = new Set(['firstName', 'lastName', 'name', 'email']);

/**
 * Why a catalogue field cannot be in a scaffolded kind, or undefined when it can: these are handled
 * per kind on the server (a file's storage, the captcha's image, a slot of the calendar, a unit of
 * the project, the property's numbers), not by the definition alone.
 */
export function unsupported(name, def) {
  if (def.hidden) return 'it is posted along, not shown (a kind declares it in `hidden`)';
  if (def.type === 'file') return 'files are stored per kind (server/forms/routes.ts)';
  if (def.type === 'captcha') return 'a captcha kind draws its image and token (like send-to-friend); new kinds ask a proof of work';
  if (def.type === 'slot') return 'slots come from the appointment calendar of contact-appointment';
  if (def.type === 'confirm') return "its numbers come from the property (rental-application's confirmations)";
  if (def.optionsFrom === 'units') return 'units come with a new-build project (contact-construction)';
  return undefined;
}

/** The kind's texts, from its humanised name, in each language's template. */
export function kindTexts(name) {
  const h = words(name);
  return {
    // The kind's name: the agency mail's heading and subject, the visitor's receipt, the editor's choice.
    title: { nl: `Aanvraag: ${h}`, fr: `Demande : ${h}`, en: `Request: ${h}`, de: `Anfrage: ${h}` },
    // The visitor's confirmation mail and the thank-you page's text.
    thanks: {
      nl: `Bedankt voor uw aanvraag (${h}). Wij nemen binnen één werkdag contact met u op.`,
      fr: `Merci pour votre demande (${h}). Nous vous recontactons dans un délai d'un jour ouvrable.`,
      en: `Thank you for your request (${h}). We will contact you within one working day.`,
      de: `Vielen Dank für Ihre Anfrage (${h}). Wir melden uns innerhalb eines Werktages bei Ihnen.`,
    },
    // The thank-you page's heading.
    heading: { nl: `Bedankt voor uw aanvraag: ${h}`, fr: `Merci pour votre demande : ${h}`, en: `Thank you for your request: ${h}` },
  };
}

/** The dictionary key of the confirmation mail's text. */
export const thanksKey = (name) => `mail.thanks.${name}`;
/** The schema's title (and the generated type's name): quote-request → QuoteRequestForm. */
export const schemaTitle = (name) => `${pascal(name)}Form`;

/** shared/form-kinds.ts with the kind added at the end of KINDS. */
export function kindsWithKind(source, name, fields) {
  const end = '} satisfies Record<string, KindDef>;';
  if (source.split(end).length !== 2) throw new Error(`shared/form-kinds.ts: the end of KINDS (\`${end}\`) was not found once`);
  const list = fields.map((f) => (REQUIRED.has(f) ? `req('${f}')` : `'${f}'`)).join(', ');
  const entry = `  '${name}': {
    title: '${schemaTitle(name)}',
    description: '${words(name)} (${name}): made by npm run new:form; its fields, what is required and its guard are edited here.',
    fields: [${list}],
    confirmation: '${thanksKey(name)}',
    guard: 'proof',
  },
`;
  return source.replace(end, `${entry}${end}`);
}

/** An object with `entries` inserted after the last key starting with `prefix` (else at the end). */
export function withKeys(obj, prefix, entries) {
  const keys = Object.keys(obj);
  const last = keys.findLastIndex((k) => k.startsWith(prefix));
  const at = last < 0 ? keys.length : last + 1;
  const out = {};
  keys.slice(0, at).forEach((k) => (out[k] = obj[k]));
  Object.assign(out, entries);
  keys.slice(at).forEach((k) => (out[k] = obj[k]));
  return out;
}

/** editor/i18n/{lang}.ts with `'leads.kind.{name}': text` after the last leads.kind line. */
export function editorTextsWithKind(source, name, text) {
  const lines = source.split('\n');
  const last = lines.findLastIndex((l) => /^ {2}'leads\.kind\.[a-z0-9-]+': /.test(l));
  if (last < 0) throw new Error("editor i18n: no 'leads.kind.…' line found");
  // The text is a template and the kebab-case name's words: no quote to escape.
  lines.splice(last + 1, 0, `  'leads.kind.${name}': '${text}',`);
  return lines.join('\n');
}

/** The thank-you page (a hidden feedback page under the general one) and its article. */
export function thankYouPage(name, pages, articles, now = new Date()) {
  const parent = pages.find((p) => p.type === 'feedback' && p.name === 'thank-you');
  if (!parent) throw new Error("site-config/pages.json: the general thank-you page (name 'thank-you') was not found");
  const t = kindTexts(name);
  const id = Math.max(0, ...pages.map((p) => p.id)) + 1;
  const moduleId = Math.max(0, ...pages.flatMap((p) => (p.modules ?? []).map((m) => m.id))) + 1;
  const sort = Math.max(0, ...pages.filter((p) => p.parentId === parent.id).map((p) => p.sort ?? 0)) + 1;
  const articleId = `thank-you-${name}`;
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, '.000Z');
  const page = {
    id,
    parentId: parent.id,
    name: `thank-you-${name}`,
    path: `${parent.path}${name}/`,
    localizedPath: { nl: name, fr: name, en: name },
    status: 'Hidden',
    type: 'feedback',
    createDate: stamp,
    modifyDate: stamp,
    sort,
    title: t.heading,
    description: { nl: t.thanks.nl, fr: t.thanks.fr, en: t.thanks.en },
    showBreadCrumb: true,
    showPageBanner: false,
    isActiveSEO: true,
    modules: [{ id: moduleId, view: 'single-view', version: 1, status: 'Published', span: 12, sort: 1, relations: [{ type: 'article', id: articleId }] }],
    showInMenu: false,
  };
  const lang = (f) => ({ nl: f('nl'), fr: f('fr'), en: f('en') });
  const article = {
    id: articleId,
    category: 'general',
    date: stamp.slice(0, 10),
    status: 'Published',
    title: t.heading,
    summary: lang((l) => t.thanks[l]),
    body: lang((l) => `<p>${t.thanks[l]}</p>`),
  };
  return { page, article, taken: articles.some((a) => a.id === articleId) };
}

/** The bad-input test's table with a valid body of the kind (its required fields), so that its "every kind" checks hold. */
export function badInputWithKind(source, name, fields) {
  const start = source.indexOf('const valid: Record<string, () => Promise<Record<string, unknown>>> = {');
  const end = start < 0 ? -1 : source.indexOf('\n  };\n', start);
  if (end < 0) throw new Error('tests/integration/forms-bad-input.test.ts: its table `valid` was not found');
  const sample = { firstName: "'Anna'", lastName: "'Janssens'", name: "'Anna J.'", email: 'who().email' };
  const body = fields
    .filter((f) => REQUIRED.has(f))
    .map((f) => `${f}: ${sample[f]}`)
    .join(', ');
  return `${source.slice(0, end)}\n    '${name}': async () => ({ ${body} }),${source.slice(end)}`;
}
