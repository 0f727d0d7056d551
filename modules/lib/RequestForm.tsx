import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useLocation } from 'wouter';
import { Link, useI18n, useShell } from '../../renderer/ui.tsx';
import { FORM_FIELDS, UPLOAD_FORMS, formDefinition, type FieldError, type FieldSpec } from '../../shared/forms.ts';
import { PROOF_FIELD } from '../../shared/proof-of-work.ts';
import { proofFor, proofSpent } from './form-proof.ts';
import { activeFields, conditionFields, hasConditions, type ActiveField, type FieldSetting } from '../../shared/form-conditions.ts';
import { readFields, readValues } from './request-form-fields.ts';
import { FORM_TOKEN_FIELD, PURCHASE_ADVANCE_RATE } from '../../shared/constants.ts';
import { formatPrice } from '../../shared/format.ts';
import { pushEvent } from '../../renderer/module-api.ts';
import type { ContactModule } from '../../schemas/types.gen.ts';
import type { ContactData } from './request-form.server.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { SlotPicker, useSlots } from './SlotPicker.tsx';
import './forms.css';
import './request-form.css';

/** What the fields hold when the page is drawn (what a visitor tool filled in, a required choice's first option). */
function startValues(kind: ContactData['form'], data: ContactData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FORM_FIELDS[kind]) {
    const given = data.prefill?.[f.name];
    if (given !== undefined) out[f.name] = f.type === 'checkboxes' ? [given] : given;
    else if (f.type === 'radios' && f.required) out[f.name] = f.options?.[0];
    else if (f.type === 'checkboxes') out[f.name] = [];
  }
  return out;
}

/**
 * A field whose showing depends on what is filled in stays in the page, hidden until its conditions
 * hold: it appears below what the visitor just answered, without moving the focus.
 */
const shownIf = (kind: string, render: (a: ActiveField) => ReactElement | null) => (a: ActiveField) =>
  a.conditional ? (
    <div key={a.spec.name} id={`c-${kind}-${a.spec.name}`} className="form-cond" hidden={!a.shown} data-field={a.spec.name}>
      {render(a)}
    </div>
  ) : (
    render(a)
  );

/**
 * A visitor's request form (the contact module, and the form the visitor tools show under their
 * result): the fields of its kind, checked in the browser by the same schema as on the server.
 */
export function RequestForm({ module, data }: { module: Pick<ContactModule, 'id' | 'form' | 'fields'>; data: ContactData }) {
  const { t, lang } = useI18n();
  const { site } = useShell();
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<Array<{ field: string; message: string }>>([]);
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [notice, setNotice] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // The fill-time token: the server writes one for this form at the end of the page it sends; after
  // a client-side navigation there is none, so one is asked for.
  const token = useRef<Promise<string> | null>(null);
  const askToken = () =>
    (token.current = fetch('/api/forms/token', { headers: { accept: 'application/json' } })
      .then((r) => r.json())
      .then(
        (j: { token?: string }) => j.token ?? '',
        () => '',
      ));
  useEffect(() => {
    // A form not drawn yet (the calendar full) asks for nothing; shown later (free slots again), it asks when it is sent.
    if (!formRef.current) return;
    const given = formRef.current.elements.namedItem(FORM_TOKEN_FIELD);
    if (given instanceof HTMLInputElement && given.value) token.current = Promise.resolve(given.value);
    else askToken();
  }, []);
  const kind = data.form;
  const formId = `form-${module.id}`;
  // A form without a captcha proves its work instead (begun at the first focus, awaited when sent).
  const guarded = formDefinition(kind).guard === 'proof';
  const startProof = () => void (guarded && token.current?.then((tk) => tk && proofFor(formId, tk)));
  // The fields staff chose (shown, required, order, conditions); conditional ones follow what is typed.
  const settings = module.fields as FieldSetting[] | undefined;
  const conditional = !!settings?.some(hasConditions);
  const [values, setValues] = useState<Record<string, unknown>>(() => startValues(kind, data));
  const active = activeFields(kind, settings, values);
  const booking = kind === 'contact-appointment';
  const [slots, reloadSlots] = useSlots(booking);
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
    const now = activeFields(kind, settings, readValues(formEl, kind));
    const { fields, files } = readFields(formEl, kind, now, data.property?.id, data.attach, data.project?.id);
    const trap = String(new FormData(formEl).get('website') ?? '');
    const { validate } = await import('./validate.ts');
    const found: FieldError[] = validate(kind, fields, now);
    if (found.length) return show(found.map((f) => ({ field: f.field, message: t(f.key, f.values) })));
    setErrors([]);
    setStatus('sending');
    try {
      const filled = (await (token.current ?? askToken())) || (await askToken());
      const proof = guarded ? await proofFor(formId, filled) : undefined;
      // No WebCrypto here: sent as without JavaScript, the server asks for the captcha.
      if (guarded && !proof) return formEl.submit();
      const url = `/api/forms/${kind}?lang=${lang}`;
      let body: BodyInit;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (UPLOAD_FORMS.includes(kind)) {
        const fd = new FormData();
        for (const [k, v] of Object.entries(fields)) if (!(k in files)) fd.append(k, String(v));
        for (const [k, f] of Object.entries(files)) fd.append(k, f, f.name);
        fd.append('lang', lang);
        fd.append('module', String(module.id));
        fd.append(FORM_TOKEN_FIELD, filled);
        fd.append('website', trap);
        if (proof) fd.append(PROOF_FIELD, proof);
        body = fd;
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify({ ...fields, lang, module: module.id, [FORM_TOKEN_FIELD]: filled, website: trap, ...(proof ? { [PROOF_FIELD]: proof } : {}) });
      }
      const r = await fetch(url, { method: 'POST', headers, body });
      const answer = await r.json().catch(() => ({}));
      setStatus('idle');
      if (r.status === 201) pushEvent('formulier_ingevuld', { form: kind });
      if (proof) proofSpent(formId, filled); // taken or not, the next try makes a new one
      if (r.status === 201 && answer.redirect) return navigate(answer.redirect);
      // Answers shown on the page itself (documents sent, or already asked for).
      if ((r.status === 201 || r.status === 200) && answer.message) return setNotice(answer.message);
      if (r.status === 409 && answer.full) return reloadSlots();
      if (r.status === 422 && Array.isArray(answer.errors)) {
        if (answer.errors.some((x: { field: string }) => x.field === 'captcha')) setCaptchaRound((n) => n + 1);
        if (answer.errors.some((x: { field: string }) => x.field === 'slot')) reloadSlots();
        return show(answer.errors);
      }
      if ((r.status === 400 || r.status === 413 || r.status === 415 || r.status === 429) && answer.error) {
        // An old or missing token: a new one for the next try.
        if (answer.field === FORM_TOKEN_FIELD && answer.reason !== 'tooFast') askToken();
        return show([
          {
            field:
              answer.field && answer.field !== FORM_TOKEN_FIELD
                ? answer.field
                : (FORM_FIELDS[kind].find((f) => f.type === 'textarea' || f.type === 'file')?.name ?? 'email'),
            message: answer.error,
          },
        ]);
      }
      setStatus('failed');
    } catch {
      setStatus('failed');
    }
  };
  // Forms not for this page (an offer on a rental, a viewing on a sold property…) never reach it: the loader leaves the module out.
  if (booking && slots.state === 'full') {
    return (
      <p className="notice appointment-full" role="status" data-form={kind}>
        {t('appointment.full')}
      </p>
    );
  }
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
  // An answer that decides whether other fields show names them (aria-controls): they appear right below.
  const controls = (name: string) => {
    const ids = (settings ?? []).filter((x) => conditionFields(x).includes(name)).map((x) => `c-${kind}-${x.name}`);
    return ids.length ? ids.join(' ') : undefined;
  };
  const props = (name: string) => ({
    id: `f-${kind}-${name}`,
    name,
    'aria-controls': controls(name),
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `e-${kind}-${name}` : undefined,
  });
  const terms = data.property ? { amount: formatPrice(data.property.minIncome), max: data.property.maxPersons } : undefined;
  const inline = (f: FieldSpec) => f.type === 'checkbox' || f.type === 'confirm';
  const control = ({ spec: f, required }: ActiveField) => {
    const label = `${t(f.label ?? `form.${f.name}`)}${required ? ' *' : ''}`;
    if (f.type === 'slot') {
      if (slots.state === 'ready') return <SlotPicker key={f.name} kind={kind} slots={slots.slots} error={errorOf('slot')} />;
      return (
        <p key={f.name} className="form-field--wide" role="status">
          {t(slots.state === 'failed' ? 'form.notSent' : 'appointment.loading')}
        </p>
      );
    }
    if (f.optionsFrom === 'units' && !data.project?.units.length) return null; // every unit taken: nothing to choose
    if (f.type === 'captcha') return <CaptchaField key={f.name} kind={kind} error={errorOf('captcha')} round={captchaRound} />;
    if (f.type === 'radios' || f.type === 'checkboxes') {
      return (
        <fieldset key={f.name} className="form-field form-field--wide" data-invalid={errorOf(f.name) ? true : undefined}>
          <legend>{label}</legend>
          <div className="chips">
            {(f.optionsFrom === 'cities'
              ? (data.cities ?? [])
              : f.optionsFrom === 'units'
                ? (data.project?.units ?? [])
                : f.options!.map((o) => ({
                    value: o,
                    label: f.name === 'timeSlots' ? o.replace('-', ' – ') : f.name === 'types' ? t(`type.${o}.plural`) : t(`form.${f.name}.${o}`),
                  }))
            ).map((o, i) => (
              <label key={o.value} className="chip">
                <input
                  type={f.type === 'radios' ? 'radio' : 'checkbox'}
                  name={f.name}
                  aria-controls={controls(f.name)}
                  value={o.value}
                  defaultChecked={data.prefill?.[f.name] !== undefined ? data.prefill[f.name] === o.value : f.type === 'radios' && !!f.required && i === 0}
                />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
          {errorOf(f.name) && (
            <p className="form-error" id={`e-${kind}-${f.name}`}>
              {errorOf(f.name)}
            </p>
          )}
        </fieldset>
      );
    }
    const p = {
      ...props(f.name),
      maxLength: f.maxLength,
      autoComplete: f.autoComplete,
      ...(data.prefill?.[f.name] !== undefined ? { defaultValue: data.prefill[f.name] } : {}),
    };
    return field(
      f.name,
      label,
      f.type === 'textarea' ? (
        <textarea {...p} rows={5} />
      ) : f.type === 'select' ? (
        <select defaultValue="" {...p}>
          <option value="">–</option>
          {f.options!.map((o) => (
            <option key={o} value={o}>
              {f.name === 'propertyType' ? t(`type.${o}`) : t(`form.${f.name}.${o}`)}
            </option>
          ))}
        </select>
      ) : f.type === 'file' ? (
        <input {...props(f.name)} type="file" accept={f.accept} />
      ) : (
        <input
          {...p}
          type={f.type}
          min={f.type === 'number' ? 0 : undefined}
          inputMode={f.type === 'email' ? 'email' : f.type === 'tel' ? 'tel' : f.type === 'number' ? 'numeric' : f.type === 'url' ? 'url' : undefined}
        />
      ),
      f.type === 'textarea' || f.type === 'file',
    );
  };
  return (
    <form
      ref={formRef}
      id={formId}
      data-fill-token=""
      className="contact-form"
      data-form={kind}
      method="post"
      action={`/api/forms/${kind}?lang=${lang}`}
      encType={UPLOAD_FORMS.includes(kind) ? 'multipart/form-data' : undefined}
      onSubmit={onSubmit}
      onFocus={startProof}
      onInput={(e) => (e.target as HTMLInputElement).name === 'offeredPrice' && setOffer(Number((e.target as HTMLInputElement).value) || 0)}
      onChange={(e) => conditional && setValues(readValues(e.currentTarget, kind))}
      noValidate
    >
      {data.property && <p className="contact-form__about">{t('form.about', { title: data.property.title })}</p>}
      {/* The property changed since the page was drawn (sold, let, its documents gone): the server says so here. */}
      {errorOf('propertyId') && <p className="form-error">{errorOf('propertyId')}</p>}
      {data.project && <p className="contact-form__about">{t('form.about', { title: data.project.name })}</p>}
      {data.attach && (
        <div className="contact-form__attached" data-invalid={errorOf(data.attach.field) ? true : undefined}>
          <p className="contact-form__attached-title">{data.attach.title}</p>
          <ul>
            {data.attach.lines.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
          <input type="hidden" name={data.attach.field} value={data.attach.value} />
          {errorOf(data.attach.field) && <p className="form-error">{errorOf(data.attach.field)}</p>}
        </div>
      )}
      {errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('form.fixErrors')}</p>
        </div>
      )}
      <div className="form-grid">{active.filter((a) => !inline(a.spec) && (a.shown || a.conditional)).map(shownIf(kind, control))}</div>
      {active
        .filter((a) => inline(a.spec) && (a.shown || a.conditional))
        .map(
          shownIf(kind, ({ spec: f, required }) => (
            <div key={f.name} className="form-check-field" data-invalid={errorOf(f.name) ? true : undefined}>
              <label className="form-check">
                <input
                  type="checkbox"
                  name={f.name}
                  aria-invalid={errorOf(f.name) ? true : undefined}
                  aria-describedby={errorOf(f.name) ? `e-${kind}-${f.name}` : undefined}
                />{' '}
                {t(`form.${f.name}`, terms)}
                {required ? ' *' : ''}
              </label>
              {errorOf(f.name) && (
                <p className="form-error" id={`e-${kind}-${f.name}`}>
                  {errorOf(f.name)}
                </p>
              )}
            </div>
          )),
        )}
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
      {kind === 'testimonial' && <p className="form-hint">{t('testimonial.moderated')}</p>}
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="module" value={module.id} />
      {data.property && <input type="hidden" name="propertyId" value={data.property.id} />}
      {data.project && <input type="hidden" name="projectId" value={data.project.id} />}
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
      <button type="submit" className="button" disabled={status === 'sending' || (booking && slots.state !== 'ready')}>
        {t(status === 'sending' ? 'form.sending' : booking ? 'appointment.book' : 'form.send')}
      </button>
    </form>
  );
}
