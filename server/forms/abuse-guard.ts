/**
 * What keeps the forms from being used to send mail to others (issue 40, point 2):
 * - the forms without a captcha (`guard: 'proof'` in shared/forms.ts) ask for a proof of work the
 *   browser does while the visitor fills in the form (shared/proof-of-work.ts), each token and proof
 *   taken once (counted in the store, so across nodes); a browser without JavaScript is answered
 *   with one more step, the captcha, its request carried along in hidden fields;
 * - the visitor's copy goes to one address at most MAILS_PER_RECIPIENT_HOUR times an hour (counted
 *   in the store); past that the request is still stored and reaches the agency, only the copy is
 *   left out. (The copy itself is a receipt that repeats nothing typed: server/mail/lead-mail.ts.)
 */
import { createHash } from 'node:crypto';
import { FORM_TOKEN_FIELD, FORM_TOKEN_MAX_AGE_MS } from '../../shared/constants.ts';
import { formDefinition, type FormKind } from '../../shared/forms.ts';
import { hasZeroBits, proofShape, proofText, solveProofSync, PROOF_FIELD } from '../../shared/proof-of-work.ts';
import { HttpError, escapeHtml as esc } from '../http/request.ts';
import type { CounterRepository } from '../storage/index.ts';
import type { Captcha } from './captcha.ts';

/** Visitor copies (receipts, a property sent to a friend) to one address per hour. */
export const MAILS_PER_RECIPIENT_HOUR = 5;
const HOUR_MS = 60 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** A proof for a form token, found the way a browser finds one (npm run soak posts as browsers do). */
export const proofOf = (token: string) => solveProofSync(token, sha256);

/** What a post brings for the guard, taken out of its fields (they are not the form's). */
export interface GuardInput {
  proof?: unknown;
  captcha?: unknown;
  captchaToken?: unknown;
}

export const guarded = (kind: FormKind) => formDefinition(kind).guard === 'proof';

/** Takes the guard's values out of a post's fields (a form with a captcha of its own keeps its captcha fields). */
export function takeGuard(kind: FormKind, fields: Record<string, unknown>): GuardInput {
  const proof = fields[PROOF_FIELD];
  delete fields[PROOF_FIELD]; // a form with a captcha of its own has no use for one: left aside
  if (!guarded(kind)) return {};
  const g = { proof, captcha: fields.captcha, captchaToken: fields.captchaToken };
  delete fields.captcha;
  delete fields.captchaToken;
  return g;
}

export class AbuseGuard {
  constructor(
    private readonly counters: CounterRepository,
    /** Visitor copies to one address per hour. */
    readonly perRecipientHour = MAILS_PER_RECIPIENT_HOUR,
  ) {}

  /**
   * Checks a valid post of a guarded kind (called last, like the captcha: a typo elsewhere does not
   * spend a proof): a proof of the form's token not seen before, or a right captcha. Throws the
   * answer otherwise: for a browser without JavaScript, the captcha step (`step`: HTML for the page).
   */
  async check(
    kind: FormKind,
    g: GuardInput,
    post: { captcha: Captcha; fillToken: unknown; html: boolean; body: Record<string, unknown>; action: string; t: (key: string) => string },
  ): Promise<void> {
    if (!guarded(kind)) return;
    const { t } = post;
    if (proofShape(g.proof) && typeof post.fillToken === 'string' && hasZeroBits(sha256(proofText(post.fillToken, g.proof)))) {
      const key = `proof:${sha256(proofText(post.fillToken, g.proof)).toString('base64url').slice(0, 32)}`;
      const { count } = await this.counters.hit(key, FORM_TOKEN_MAX_AGE_MS);
      if (count === 1) return;
      throw new HttpError(400, { error: t('mailGuard.proof.used'), field: PROOF_FIELD });
    }
    const tried = typeof g.captchaToken === 'string' && g.captchaToken !== '';
    if (tried && (await post.captcha.redeem(g.captchaToken, g.captcha))) return;
    if (!post.html) throw new HttpError(400, { error: t(tried ? 'form.invalid.captcha' : 'mailGuard.proof.missing'), field: tried ? 'captcha' : PROOF_FIELD });
    const image = await post.captcha.issue();
    const message = tried ? t('form.invalid.captcha') : t('mailGuard.step.intro');
    throw new HttpError(422, {
      error: t('mailGuard.step.title'),
      errors: [{ field: 'captcha', message }],
      step: stepForm(kind, post.body, post.action, image, message, t, tried),
    });
  }

  /** Whether one more visitor copy may go to `address` this hour (counted whether or not it may). */
  async mayMail(address: string): Promise<boolean> {
    const key = `mail-to:${sha256(address.trim().toLowerCase()).toString('base64url').slice(0, 32)}`;
    const { count } = await this.counters.hit(key, HOUR_MS);
    return count <= this.perRecipientHour;
  }
}

/** The captcha step of a post without JavaScript: the request again in hidden fields, the image, its answer. */
function stepForm(
  kind: FormKind,
  body: Record<string, unknown>,
  action: string,
  image: { token: string; image: string; width: number; height: number },
  message: string,
  t: (key: string) => string,
  wrong: boolean,
): string {
  const hidden: string[] = [];
  const add = (name: string, value: string) => hidden.push(`<input type="hidden" name="${esc(name)}" value="${esc(value)}">`);
  for (const [k, v] of Object.entries(body)) {
    if (k === PROOF_FIELD || k === 'captcha' || k === 'captchaToken') continue;
    if (Array.isArray(v)) v.forEach((x) => add(k, String(x)));
    else if (v === true) add(k, 'on');
    else if (typeof v === 'string' || typeof v === 'number') add(k, String(v));
  }
  if (!(FORM_TOKEN_FIELD in body)) add(FORM_TOKEN_FIELD, '');
  // A file cannot travel in a hidden field: it is chosen again.
  const files = formDefinition(kind).fields.filter((f) => f.type === 'file' && f.required);
  const fileInputs = files
    .map(
      (f) =>
        `<p><label for="g-${f.name}">${esc(t(f.label ?? `form.${f.name}`))} *</label><br><input id="g-${f.name}" type="file" name="${f.name}" required></p>`,
    )
    .join('');
  return `<p id="g-msg"${wrong ? ' role="alert"' : ''}>${esc(message)}</p><form method="post" action="${esc(action)}"${files.length ? ' enctype="multipart/form-data"' : ''}>${hidden.join('')}${fileInputs}<p><img src="${image.image}" width="${image.width}" height="${image.height}" alt="${esc(t('form.captcha.alt'))}"></p><p><label for="g-captcha">${esc(t('form.captcha'))} *</label><br><input id="g-captcha" name="captcha" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="12" required aria-describedby="g-msg"${wrong ? ' aria-invalid="true"' : ''}></p><input type="hidden" name="captchaToken" value="${esc(image.token)}"><p><button type="submit">${esc(t('mailGuard.step.send'))}</button></p></form>`;
}
