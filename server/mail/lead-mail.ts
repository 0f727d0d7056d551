/**
 * The two mails of a submission: the agency's (all fields, link to the property) and the visitor's
 * confirmation, a short fixed receipt in their language: what they asked (the form's kind in
 * words), about which property or project, when, the reference. It never repeats what was typed
 * (no name, no message, no field), so a form cannot carry someone's text to a stranger's address.
 */
import type { Lang } from '../../shared/constants.ts';
import { formatPrice, formatSlot, makeIntl, type Dictionary } from '../../shared/format.ts';
import { fieldDef, labelKey, optionKey, type FieldSpec } from '../../shared/form-fields.ts';
import { FORM_FIELDS, formDefinition, isFormKind, type FormKind } from '../../shared/forms.ts';
import { displayPhone } from '../../shared/phone.ts';
import { brusselsLocal } from '../../shared/schedule.ts';

import { escapeHtml as esc } from '../http/request.ts';
import { mailLayout, smallLink, type MailParts } from './layout.ts';

export type { MailParts };

/** Label: value rows of the fields a visitor filled in. */
function rows(fields: Array<[string, string]>): { text: string; html: string } {
  return {
    text: fields.map(([k, v]) => `${k}: ${v}`).join('\n'),
    html: `<table role="presentation" cellpadding="4" cellspacing="0">${fields.map(([k, v]) => `<tr><td style="color:#5b6272;vertical-align:top">${esc(k)}</td><td>${esc(v).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`,
  };
}

export function leadMails(o: {
  kind: string;
  lang: Lang;
  agencyLang: Lang;
  messages: (lang: Lang) => Dictionary;
  agencyName: string;
  fields: Record<string, unknown>;
  /**
   * What the request is about: a property, or (`project`) a new-build project; its title and address
   * in a language (the agency's mail is wholly in the agency's language, the visitor's in theirs).
   */
  property?: { title: (lang: Lang) => string; url: (lang: Lang) => string; reference: string; project?: boolean };
  /** A field's values in words, in a language (a project's units by name rather than number). */
  valueText?: Record<string, (value: string, lang: Lang) => string>;
  documents?: Array<{ name: string; url: string }>;
  submissionId: string;
  /** Numbers in field labels (the rental confirmations: minimum income, maximum persons). */
  labelValues?: Record<string, string | number>;
  /** A booked appointment: its time in a language, and its length. */
  appointment?: { when: (lang: Lang) => string; minutes: number };
  /** A testimonial: the page where staff publish or reject it. */
  reviewUrl?: string;
  /** A visitor tool's result sent along (estimate, renovation costs): its title, rows and link, per language. */
  extra?: (lang: Lang) => { title: string; rows: Array<[string, string]>; url?: string };
  /** A search alert or newsletter sign-up: the visitor's mail ends with its unsubscribe link. */
  unsubscribeUrl?: string;
  /** When the request was sent (ms; now by default): the receipt says it in Brussels time. */
  at?: number;
}): { agency: MailParts; visitor: MailParts } {
  const fmt = (lang: Lang) => {
    const intl = makeIntl(lang, o.messages(lang));
    return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values) as string;
  };
  const ta = fmt(o.agencyLang);
  // Labels and values follow the form's definition (shared/form-fields.ts): a field by its label, a
  // choice by its words, an amount in euros, a phone number grouped, a time range as the page shows it.
  const specs = FORM_FIELDS[o.kind as FormKind] ?? [];
  const spec = (k: string): FieldSpec => specs.find((f) => f.name === k) ?? { type: 'text', ...fieldDef(k), name: k };
  const label = (t: ReturnType<typeof fmt>, k: string) => t(labelKey(spec(k)), o.labelValues);
  const value = (t: ReturnType<typeof fmt>, lang: Lang, k: string, v: unknown): string => {
    if (typeof v === 'boolean') return t(v ? 'value.yes' : 'value.no');
    const f = spec(k);
    const own = o.valueText?.[k];
    const choice = (x: string) => {
      if (own) return own(x, lang);
      if (f.shows === 'times') return x.replace('-', ' – ');
      return f.options?.includes(x) ? t(optionKey(f, x)!) : x;
    };
    if (Array.isArray(v)) return v.map((x) => choice(String(x))).join(', ');
    // A phone number as typed (0470/12.34.56) reaches the mails grouped (SPEC §5): 0470 12 34 56.
    if (f.shows === 'phone' && typeof v === 'string') return displayPhone(v);
    if (f.shows === 'price') return formatPrice(v);
    if (k === 'slot' && o.appointment) return o.appointment.when(lang);
    if (v && typeof v === 'object' && 'name' in v) {
      const file = v as unknown as { name: string; size: number };
      return `${file.name} (${Math.ceil(file.size / 1024)} KB)`;
    }
    return typeof v === 'string' ? choice(v) : String(v);
  };
  const name = [o.fields.firstName, o.fields.lastName].filter(Boolean).join(' ') || String(o.fields.name ?? '');
  const list = (lang: Lang) => {
    const t = fmt(lang);
    return rows(
      Object.entries(o.fields)
        .filter(([k, v]) => k !== 'propertyId' && k !== 'projectId' && v !== '' && v !== undefined)
        .map(([k, v]) => [label(t, k), value(t, lang, k, v)]),
    );
  };

  const extra = (lang: Lang) => {
    if (!o.extra) return { text: '', html: '' };
    const x = o.extra(lang);
    const r = rows(x.rows);
    return {
      text: `\n\n${x.title}\n${r.text}${x.url ? `\n${x.url}` : ''}`,
      html: `<h2 style="font-size:16px;margin:16px 0 8px">${esc(x.title)}</h2>${r.html}${x.url ? `<p><a href="${esc(x.url)}">${esc(x.url)}</a></p>` : ''}`,
    };
  };
  const agencyExtra = extra(o.agencyLang);
  const agencyRows = list(o.agencyLang);
  const kindLabel = ta(`form.kind.${o.kind}`);
  const about = o.property?.project ? 'mail.project' : 'mail.property';
  const agencyTitle = o.property?.title(o.agencyLang);
  const agencyUrl = o.property?.url(o.agencyLang);
  const ref = o.property && o.property.reference !== agencyTitle ? ` (${o.property.reference})` : '';
  const propText = o.property ? `${ta(about)}: ${agencyTitle}${ref}\n${agencyUrl}\n\n` : '';
  const propHtml = o.property ? `<p><strong>${esc(ta(about))}:</strong> <a href="${esc(agencyUrl!)}">${esc(agencyTitle!)}</a>${esc(ref)}</p>` : '';
  const reviewText = o.reviewUrl ? `${ta('testimonial.reviewLink')}: ${o.reviewUrl}\n\n` : '';
  const reviewHtml = o.reviewUrl ? `<p><a href="${esc(o.reviewUrl)}">${esc(ta('testimonial.reviewLink'))}</a></p>` : '';
  const agency: MailParts = {
    subject: `${kindLabel} – ${name}${o.property ? ` – ${o.property.reference}` : ''}`,
    text: `${kindLabel} (${o.lang})\n\n${propText}${agencyRows.text}${agencyExtra.text}\n\n${reviewText}${ta('mail.reference', { id: o.submissionId })}\n`,
    html: mailLayout({
      agency: o.agencyName,
      lang: o.agencyLang,
      body: `<h1 style="font-size:18px;margin:0 0 12px">${esc(kindLabel)}</h1>${propHtml}${agencyRows.html}${agencyExtra.html}${reviewHtml}<p style="color:#5b6272;font-size:12px">${esc(ta('mail.reference', { id: o.submissionId }))} · ${o.lang}</p>`,
    }),
  };

  const tv = fmt(o.lang);
  const title = o.property?.title(o.lang) ?? '';
  const url = o.property?.url(o.lang) ?? '';
  if (o.kind === 'send-to-friend' && o.property) {
    const friend = [o.fields.friendFirstName, o.fields.friendLastName].filter(Boolean).join(' ');
    const intro = tv('mail.friend.intro', { name, title });
    const note = o.fields.message ? `\n\n“${String(o.fields.message)}”` : '';
    return {
      agency,
      visitor: {
        subject: tv('mail.friend.subject', { name }),
        text: `${tv('mail.greeting', { name: friend })}\n\n${intro}${note}\n\n${url}\n\n${o.agencyName}\n`,
        html: mailLayout({
          agency: o.agencyName,
          lang: o.lang,
          body: `<p>${esc(tv('mail.greeting', { name: friend }))}</p><p>${esc(intro)}</p>${o.fields.message ? `<blockquote>${esc(String(o.fields.message))}</blockquote>` : ''}<p><a href="${esc(url)}">${esc(title)}</a></p><p>${esc(o.agencyName)}</p>`,
        }),
      },
    };
  }
  // Documents are asked for only where there are some (the server refuses the others): the list, never "No documents".
  const docs = o.documents ?? [];
  const thanks = docs.length
    ? tv('mail.documents.intro')
    : o.appointment
      ? tv('mail.appointment', { when: o.appointment.when(o.lang), minutes: o.appointment.minutes })
      : tv((isFormKind(o.kind) && formDefinition(o.kind).confirmation) || 'mail.thanks');
  const docsText = docs.length ? `${docs.map((d) => `- ${d.name}: ${d.url}`).join('\n')}\n\n` : '';
  const docsHtml = docs.length ? `<ul>${docs.map((d) => `<li><a href="${esc(d.url)}">${esc(d.name)}</a></li>`).join('')}</ul>` : '';
  const what = tv('mailGuard.receipt.what', { kind: tv(`form.kind.${o.kind}`) });
  const when = tv('mailGuard.receipt.when', { when: formatSlot(brusselsLocal(o.at ?? Date.now()), o.lang) });
  const reference = tv('mail.reference', { id: o.submissionId });
  const notYou = tv('mailGuard.receipt.notYou');
  const vprop = o.property ? `${tv(about)}: ${title}\n${url}\n` : '';
  const vpropHtml = o.property ? `<br><strong>${esc(tv(about))}:</strong> <a href="${esc(url)}">${esc(title)}</a>` : '';
  const visitor: MailParts = {
    subject: tv('mail.subject', { agency: o.agencyName }),
    text: `${tv('mailGuard.receipt.hello')}\n\n${thanks}\n\n${what}\n${vprop}${when}\n${reference}\n\n${docsText}${notYou}\n\n${o.agencyName}\n${o.unsubscribeUrl ? `\n${tv('alert.unsubscribe')}: ${o.unsubscribeUrl}\n` : ''}`,
    html: mailLayout({
      agency: o.agencyName,
      lang: o.lang,
      smallPrint: o.unsubscribeUrl && smallLink(o.unsubscribeUrl, tv('alert.unsubscribe')),
      body: `<p>${esc(tv('mailGuard.receipt.hello'))}</p><p>${esc(thanks)}</p><p>${esc(what)}${vpropHtml}<br>${esc(when)}<br>${esc(reference)}</p>${docsHtml}<p style="color:#5b6272;font-size:13px">${esc(notYou)}</p><p>${esc(o.agencyName)}</p>`,
    }),
  };
  return { agency, visitor };
}
