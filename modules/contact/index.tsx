import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useLocation } from 'wouter';
import { defineModule, type LoadContext } from '../../renderer/module-api.ts';
import { Link, useI18n, useShell } from '../../renderer/ui.tsx';
import { CONTACT_TIME_SLOTS } from '../../renderer/lib/constants.ts';
import type { FieldError, FormKind } from '../../renderer/lib/forms.ts';
import { pushEvent } from '../../renderer/consent/tags.ts';
import type { ContactModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';

interface ContactData {
  form: FormKind;
  property?: { id: number; title: string };
  privacyPath?: string;
}

function load(module: ContactModule, ctx: LoadContext): ContactData {
  const privacy = ctx.content.pages.find((p) => p.path === '/privacy-statement/');
  const id = ctx.params.propertyId;
  const p = id !== undefined ? ctx.listings.property(id, ctx.lang) : undefined;
  return {
    form: module.form as FormKind,
    property: p ? { id: p.ID, title: ctx.propertyTitle(p) } : undefined,
    privacyPath: privacy ? ctx.routes.pagePath(privacy, ctx.lang) : undefined,
  };
}

const ORDER = ['request', 'title', 'firstName', 'lastName', 'email', 'phone', 'timeSlots', 'preference', 'message', 'newsletter'];

/** The form's fields as the schema sees them (empty optional fields left out). */
function readFields(form: HTMLFormElement, kind: FormKind, propertyId?: number): Record<string, unknown> {
  const fd = new FormData(form);
  const out: Record<string, unknown> = {};
  for (const name of ['title', 'firstName', 'lastName', 'email', 'phone', 'message', 'request', 'preference']) {
    const v = String(fd.get(name) ?? '').trim();
    if (v !== '' || ['firstName', 'lastName', 'email'].includes(name) || (name === 'message' && kind === 'site-contact') || (name === 'phone' && kind === 'contact-me')) out[name] = v;
  }
  if (kind === 'contact-me') {
    out.timeSlots = fd.getAll('timeSlots').map(String);
    out.propertyId = propertyId;
  }
  out.newsletter = fd.get('newsletter') === 'on';
  return out;
}

function View({ data }: { module: ContactModule; data: ContactData }) {
  const { t, lang } = useI18n();
  const { site } = useShell();
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<Array<{ field: string; message: string }>>([]);
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  const startedAt = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    startedAt.current = Date.now();
  }, []);
  const kind = data.form;
  const errorOf = (f: string) => errors.find((e) => e.field === f)?.message;
  const show = (list: Array<{ field: string; message: string }>) => {
    setErrors(list);
    // Focus the first field in error; the summary is announced to screen readers.
    setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[name="${list[0]?.field}"]`)?.focus(), 0);
  };
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget; // React clears currentTarget once the handler has awaited
    const fields = readFields(formEl, kind, data.property?.id);
    const trap = String(new FormData(formEl).get('website') ?? '');
    const { validate } = await import('./validate.ts');
    const found: FieldError[] = validate(kind, fields, ORDER);
    if (found.length) return show(found.map((f) => ({ field: f.field, message: t(f.key, f.values) })));
    setErrors([]);
    setStatus('sending');
    try {
      const r = await fetch(`/api/forms/${kind}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...fields, lang, startedAt: startedAt.current, website: trap }),
      });
      const body = await r.json().catch(() => ({}));
      if (r.status === 201) {
        pushEvent('formulier_ingevuld', { form: kind });
        navigate(body.redirect);
        return;
      }
      setStatus('idle');
      if (r.status === 422 && Array.isArray(body.errors)) return show(body.errors);
      if (r.status === 400 && body.field === 'startedAt') return show([{ field: 'message', message: body.error }]);
      setStatus('failed');
    } catch {
      setStatus('failed');
    }
  };
  const field = (name: string, label: string, input: ReactElement) => (
    <div className="form-field" data-invalid={errorOf(name) ? true : undefined}>
      <label htmlFor={`f-${kind}-${name}`}>{label}</label>
      {input}
      {errorOf(name) && (
        <p className="form-error" id={`e-${kind}-${name}`}>
          {errorOf(name)}
        </p>
      )}
    </div>
  );
  const props = (name: string) => ({ id: `f-${kind}-${name}`, name, 'aria-invalid': errorOf(name) ? true : undefined, 'aria-describedby': errorOf(name) ? `e-${kind}-${name}` : undefined });
  return (
    <form ref={formRef} className="contact-form" method="post" action={`/api/forms/${kind}`} onSubmit={onSubmit} noValidate>
      {data.property && <p className="contact-form__about">{t('form.about', { title: data.property.title })}</p>}
      {errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('form.fixErrors')}</p>
        </div>
      )}
      {kind === 'contact-me' && (
        <fieldset className="form-field">
          <legend>{t('form.request')}</legend>
          <div className="chips">
            {(['visit', 'info'] as const).map((r, i) => (
              <label key={r} className="chip">
                <input type="radio" name="request" value={r} defaultChecked={i === 0} />
                <span>{t(`form.request.${r}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="form-grid">
        {field('title', t('form.title'), (
          <select {...props('title')} defaultValue="">
            <option value="">–</option>
            {(['mr', 'ms', 'miss'] as const).map((x) => (
              <option key={x} value={x}>
                {t(`form.title.${x}`)}
              </option>
            ))}
          </select>
        ))}
        {field('firstName', `${t('form.firstName')} *`, <input {...props('firstName')} autoComplete="given-name" maxLength={80} required />)}
        {field('lastName', `${t('form.lastName')} *`, <input {...props('lastName')} autoComplete="family-name" maxLength={80} required />)}
        {field('email', `${t('form.email')} *`, <input {...props('email')} type="email" autoComplete="email" inputMode="email" maxLength={200} required />)}
        {field('phone', `${t('form.phone')}${kind === 'contact-me' ? ' *' : ''}`, <input {...props('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={40} />)}
      </div>
      {kind === 'contact-me' && (
        <>
          <fieldset className="form-field">
            <legend>{t('form.timeSlots')}</legend>
            <div className="chips">
              {CONTACT_TIME_SLOTS.map((slot) => (
                <label key={slot} className="chip">
                  <input type="checkbox" name="timeSlots" value={slot} />
                  <span>{slot.replace('-', ' – ')}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="form-field">
            <legend>{t('form.preference')}</legend>
            <div className="chips">
              {(['phone', 'email'] as const).map((p) => (
                <label key={p} className="chip">
                  <input type="radio" name="preference" value={p} />
                  <span>{t(`form.preference.${p}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
      {field('message', `${t('form.message')}${kind === 'site-contact' ? ' *' : ''}`, <textarea {...props('message')} rows={5} maxLength={4000} />)}
      <label className="form-check">
        <input type="checkbox" name="newsletter" /> {t('form.newsletter')}
      </label>
      {/* People leave this empty; robots fill it in. */}
      <div className="visually-hidden" aria-hidden="true">
        <label>
          Website <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="startedAt" value={0} />
      {data.property && <input type="hidden" name="propertyId" value={data.property.id} />}
      <p className="form-privacy">
        {t('form.privacy', { agency: site.name })} {data.privacyPath && <Link href={data.privacyPath}>{t('form.privacyLink')}</Link>}
      </p>
      {status === 'failed' && (
        <p className="alert" role="alert">
          {t('form.notSent')}
        </p>
      )}
      <button type="submit" className="button" disabled={status === 'sending'}>
        {t(status === 'sending' ? 'form.sending' : 'form.send')}
      </button>
    </form>
  );
}

export default defineModule<ContactModule, ContactData>({
  view: 'contact',
  version: 1,
  schema,
  meta: { title: { nl: 'Formulier', fr: 'Formulaire', en: 'Form' }, icon: 'mail', category: 'forms' },
  defaults: { view: 'contact', version: 1, status: 'Published', span: 12, form: 'site-contact' },
  load: import.meta.env.SSR ? load : undefined,
  View,
});
