/**
 * What this process refused, counted for /metrics (issue 41, point 5): logins and form posts, by a
 * reason from a fixed list (the label values stay bounded whatever visitors send). Like the module
 * failures (server/site/module-failures.ts), the counts belong to the process: each node reports
 * its own.
 */

export const LOGIN_REFUSALS = ['input', 'wrong', 'wait', 'too_many', 'captcha', 'busy'] as const;
export type LoginRefusal = (typeof LOGIN_REFUSALS)[number];
export type LoginKind = 'owner' | 'staff';

export const FORM_REFUSALS = [
  'rate_limit',
  'cross_origin',
  'body',
  'file',
  'lang',
  'module',
  'honeypot',
  'fill_time',
  'guard',
  'captcha',
  'validation',
  'full',
  'unavailable',
  'other',
] as const;
export type FormRefusal = (typeof FORM_REFUSALS)[number];

const logins = new Map<string, number>();
const forms = new Map<FormRefusal, number>();

export function countLoginRefused(kind: LoginKind, reason: LoginRefusal): void {
  const key = `${kind} ${reason}`;
  logins.set(key, (logins.get(key) ?? 0) + 1);
}

export function countFormRefused(reason: FormRefusal): void {
  forms.set(reason, (forms.get(reason) ?? 0) + 1);
}

/** Logins refused since the process started, by account kind and reason. */
export function loginRefusals(): Array<{ kind: LoginKind; reason: LoginRefusal; count: number }> {
  return [...logins].map(([key, count]) => {
    const [kind, reason] = key.split(' ') as [LoginKind, LoginRefusal];
    return { kind, reason, count };
  });
}

/** Form posts refused since the process started, by reason. */
export function formRefusals(): Array<{ reason: FormRefusal; count: number }> {
  return [...forms].map(([reason, count]) => ({ reason, count }));
}

/**
 * Why a form post was refused, from the answer it got (server/forms/routes.ts): its status, the
 * field it names and the form's own marks (a captcha step, a fill-time reason).
 */
export function formRefusalOf(status: number, body: Record<string, unknown>): FormRefusal {
  const field = typeof body.field === 'string' ? body.field : undefined;
  const fields = Array.isArray(body.errors) ? (body.errors as Array<{ field?: unknown }>).map((e) => e.field) : [];
  if (status === 429) return 'rate_limit';
  if (status === 403) return 'cross_origin';
  if (status === 503) return 'unavailable';
  if (status === 409) return 'full';
  if (status === 413 || status === 415) return field && field !== 'body' ? 'file' : 'body';
  if (typeof body.step === 'string' || field === 'proof') return 'guard';
  if (field === 'captcha' || fields.includes('captcha')) return 'captcha';
  if (typeof body.reason === 'string') return 'fill_time';
  if (field === 'lang') return 'lang';
  if (field === 'module') return 'module';
  if (status === 422) return 'validation';
  if (status === 400) return 'body';
  return 'other';
}
