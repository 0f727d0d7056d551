import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useLocation } from 'wouter';
import { defineModule, type LoadContext } from '../../renderer/module-api.ts';
import { Link, useI18n, useShell } from '../../renderer/ui.tsx';
import { FORM_FIELDS, PROPERTY_FORMS, SALE_FORMS, type FieldError, type FormKind } from '../../renderer/lib/forms.ts';
import { PURCHASE_ADVANCE_RATE } from '../../renderer/lib/constants.ts';
import { formatPrice } from '../../renderer/lib/format.ts';
import { slugify } from '../../renderer/lib/path.ts';
import { pushEvent } from '../../renderer/consent/tags.ts';
import type { ContactModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';

interface ContactData {
  form: FormKind;
  /** Municipalities with listings, for the demand register. */
  cities?: Array<{ value: string; label: string }>;
  property?: { id: number; title: string; forSale: boolean };
  privacyPath?: string;
}

function load(module: ContactModule, ctx: LoadContext): ContactData {
  const privacy = ctx.content.pages.find((p) => p.path === '/privacy-statement/');
  const id = ctx.params.propertyId;
  const p = id !== undefined ? ctx.listings.property(id, ctx.lang) : undefined;
  return {
    form: module.form as FormKind,
    property: p ? { id: p.ID, title: ctx.propertyTitle(p), forSale: p.Goal === 0 && (p.Availability === 'available' || p.Availability === 'option') } : undefined,
    privacyPath: privacy ? ctx.routes.pagePath(privacy, ctx.lang) : undefined,
    cities: FORM_FIELDS[module.form as FormKind]?.some((f) => f.optionsFrom === 'cities')
      ? ctx.listings.cities(ctx.lang).map((c) => ({ value: c.Zip || slugify(c.Name), label: c.Name }))
      : undefined,
  };
}

/** The form's fields as the schema sees them (empty optional fields left out). */
function readFields(form: HTMLFormElement, kind: FormKind, propertyId?: number): Record<string, unknown> {
  const fd = new FormData(form);
  const out: Record<string, unknown> = {};
  for (const f of FORM_FIELDS[kind]) {
    if (f.type === 'checkboxes') out[f.name] = fd.getAll(f.name).map(String);
    else if (f.type === 'checkbox') out[f.name] = fd.get(f.name) === 'on';
    else if (f.type === 'number') {
      const v = String(fd.get(f.name) ?? '').trim();
      if (v !== '') out[f.name] = /^\d+$/.test(v) ? Number(v) : v;
    }
    else {
      const v = String(fd.get(f.name) ?? '').trim();
      if (v !== '' || f.required) out[f.name] = v;
    }
  }
  if (PROPERTY_FORMS.includes(kind)) out.propertyId = propertyId;
  return out;
}

function View({ data }: { module: ContactModule; data: ContactData }) {
  const { t, lang } = useI18n();
  const { site } = useShell();
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<Array<{ field: string; message: string }>>([]);
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [notice, setNotice] = useState('');
  const startedAt = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    startedAt.current = Date.now();
  }, []);
  const kind = data.form;
  const [offer, setOffer] = useState(0);
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
    const found: FieldError[] = validate(kind, fields, FORM_FIELDS[kind].map((f) => f.name));
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
      setStatus('idle');
      if (r.status === 201) pushEvent('formulier_ingevuld', { form: kind });
      if (r.status === 201 && body.redirect) return navigate(body.redirect);
      // Answers shown on the page itself (documents sent, or already asked for).
      if ((r.status === 201 || r.status === 200) && body.message) return setNotice(body.message);
      if (r.status === 422 && Array.isArray(body.errors)) return show(body.errors);
      if (r.status === 400 && body.field === 'startedAt') return show([{ field: 'message', message: body.error }]);
      setStatus('failed');
    } catch {
      setStatus('failed');
    }
  };
  const field = (name: string, label: string, input: ReactElement, wide = false) => (
    <div key={name} className={wide ? 'form-field form-field--wide' : 'form-field'} data-invalid={errorOf(name) ? true : undefined}>
      <label htmlFor={`f-${kind}-${name}`}>{label}</label>
      {input}
      {errorOf(name) && (
        <p className="form-error" id={`e-${kind}-${name}`}>
          {errorOf(name)}
        </p>
      )}
    </div>
  );
  // An offer is made on a property for sale only; on other pages this form is not shown.
  if (SALE_FORMS.includes(kind) && !data.property?.forSale) return null;
  const props = (name: string) => ({ id: `f-${kind}-${name}`, name, 'aria-invalid': errorOf(name) ? true : undefined, 'aria-describedby': errorOf(name) ? `e-${kind}-${name}` : undefined });
  return (
    <form
      ref={formRef}
      className="contact-form"
      data-form={kind}
      method="post"
      action={`/api/forms/${kind}`}
      onSubmit={onSubmit}
      onInput={(e) => (e.target as HTMLInputElement).name === 'offeredPrice' && setOffer(Number((e.target as HTMLInputElement).value) || 0)}
      noValidate
    >
      {data.property && <p className="contact-form__about">{t('form.about', { title: data.property.title })}</p>}
      {errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('form.fixErrors')}</p>
        </div>
      )}
      <div className="form-grid">
        {FORM_FIELDS[kind]
          .filter((f) => f.type !== 'checkbox')
          .map((f) => {
            const label = `${t(f.label ?? `form.${f.name}`)}${f.required ? ' *' : ''}`;
            if (f.type === 'radios' || f.type === 'checkboxes') {
              return (
                <fieldset key={f.name} className="form-field form-field--wide" data-invalid={errorOf(f.name) ? true : undefined}>
                  <legend>{label}</legend>
                  <div className="chips">
                    {(f.optionsFrom === 'cities' ? (data.cities ?? []) : f.options!.map((o) => ({ value: o, label: f.name === 'timeSlots' ? o.replace('-', ' – ') : f.name === 'types' ? t(`type.${o}.plural`) : t(`form.${f.name}.${o}`) }))).map((o, i) => (
                      <label key={o.value} className="chip">
                        <input type={f.type === 'radios' ? 'radio' : 'checkbox'} name={f.name} value={o.value} defaultChecked={f.type === 'radios' && f.required && i === 0} />
                        <span>{o.label}</span>
                      </label>
                    ))}
                  </div>
                  {errorOf(f.name) && <p className="form-error" id={`e-${kind}-${f.name}`}>{errorOf(f.name)}</p>}
                </fieldset>
              );
            }
            const p = { ...props(f.name), maxLength: f.maxLength, autoComplete: f.autoComplete };
            return field(
              f.name,
              label,
              f.type === 'textarea' ? (
                <textarea {...p} rows={5} />
              ) : f.type === 'select' ? (
                <select {...p} defaultValue="">
                  <option value="">–</option>
                  {f.options!.map((o) => (
                    <option key={o} value={o}>
                      {f.name === 'propertyType' ? t(`type.${o}`) : t(`form.${f.name}.${o}`)}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...p} type={f.type} min={f.type === 'number' ? 0 : undefined} inputMode={f.type === 'email' ? 'email' : f.type === 'tel' ? 'tel' : f.type === 'number' ? 'numeric' : undefined} />
              ),
              f.type === 'textarea',
            );
          })}
      </div>
      {FORM_FIELDS[kind]
        .filter((f) => f.type === 'checkbox')
        .map((f) => (
          <label key={f.name} className="form-check">
            <input type="checkbox" name={f.name} /> {t(`form.${f.name}`)}
          </label>
        ))}
      {/* People leave this empty; robots fill it in. */}
      <div className="visually-hidden" aria-hidden="true">
        <label>
          Website <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {kind === 'purchase-offer' && offer > 0 && (
        <p className="notice" aria-live="polite">
          {t('form.advance', { amount: formatPrice(Math.round(offer * PURCHASE_ADVANCE_RATE)) })}
        </p>
      )}
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="startedAt" value={0} />
      {data.property && <input type="hidden" name="propertyId" value={data.property.id} />}
      <p className="form-privacy">
        {t('form.privacy', { agency: site.name })} {data.privacyPath && <Link href={data.privacyPath}>{t('form.privacyLink')}</Link>}
      </p>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
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
