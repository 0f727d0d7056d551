import { useEffect, useState, type FormEvent } from 'react';
import { Link, useI18n, useShell } from '../../renderer/ui.tsx';
import { FORM_TOKEN_FIELD } from '../../shared/constants.ts';
import { PROOF_FIELD } from '../../shared/proof-of-work.ts';
import { proofFor, proofSpent } from '../lib/form-proof.ts';
import { criteriaFields, DEMAND_MAX_CITIES, type DroppedFilter, type SavedSearch } from './save-search.ts';
import '../lib/forms.css';
import './save-search.css';

/** The list's "save this search" box: its data, made by the loader. */
export interface SaveSearchData extends SavedSearch {
  /** Names of the municipalities and types in the demand, for the visitor to read. */
  cityNames: string[];
  /** The demand register's page (the full form), when the visitor must choose municipalities there. */
  demandPath?: string;
  privacyPath?: string;
}

const FORM_ID = 'save-search';

function useDroppedText() {
  const { t } = useI18n();
  return (d: DroppedFilter) => {
    switch (d.key) {
      case 'minSurface':
        return t('savedSearch.dropped.minSurface', { value: d.value });
      case 'maxEpc':
        return t('savedSearch.dropped.maxEpc', { label: d.value });
      case 'q':
        return t('savedSearch.dropped.q', { q: d.value });
      case 'parking':
        return t('savedSearch.dropped.parking');
      case 'bedrooms':
        return t('savedSearch.dropped.bedrooms', { count: d.value });
      default:
        return t(`savedSearch.dropped.${d.key}`, { price: d.value });
    }
  };
}

/** The form's fill-time token: the page's (a hidden field outside it, `form=` its id) or the one asked for. */
const tokenOf = (form: HTMLFormElement) => {
  const input = form.elements.namedItem(FORM_TOKEN_FIELD);
  return input instanceof HTMLInputElement ? input.value : '';
};

/** Begins the proof of work (shared/proof-of-work.ts) when the visitor starts filling in the form. */
const startProof = (e: FormEvent<HTMLFormElement>) => void (tokenOf(e.currentTarget) && proofFor(FORM_ID, tokenOf(e.currentTarget)));

/**
 * Sent as a plain form, still in one step: the proof of work is awaited, added as a hidden field,
 * then the form goes. Without WebCrypto it goes without one (the server asks for the captcha).
 */
function sendWithProof(e: FormEvent<HTMLFormElement>) {
  const form = e.currentTarget;
  const token = tokenOf(form);
  if (!token) return; // no token: the server says so
  e.preventDefault();
  if (form.dataset.sending) return; // a second click while the proof is found
  form.dataset.sending = '1';
  form.querySelector(`input[name="${PROOF_FIELD}"]`)?.remove(); // back to the page: that one is spent
  void proofFor(FORM_ID, token).then((proof) => {
    proofSpent(FORM_ID, token); // the next send makes a new one
    if (proof) {
      const input = document.createElement('input');
      Object.assign(input, { type: 'hidden', name: PROOF_FIELD, value: proof });
      form.append(input);
    }
    delete form.dataset.sending;
    form.submit();
  });
}

/**
 * "Save this search" under a result list (also "no results"): one small form, prefilled with the
 * list's filters as hidden fields, posted to the demand register as it is (the server answers with
 * the thank-you page). With JavaScript it carries a proof of work found while the visitor types;
 * without, the server asks for the captcha first. The filters a demand cannot hold are named.
 */
export function SaveSearch({ data, empty }: { data: SaveSearchData; empty: boolean }) {
  const { t, lang, formatPrice } = useI18n();
  const { site } = useShell();
  const droppedText = useDroppedText();
  // The page brings a fill-time token for the form; after a client-side navigation there may be none.
  const [token, setToken] = useState('');
  useEffect(() => {
    if (document.querySelector(`input[name="${FORM_TOKEN_FIELD}"][form="${FORM_ID}"]`)) return;
    fetch('/api/forms/token', { headers: { accept: 'application/json' } })
      .then((r) => r.json())
      .then((b: { token?: string }) => setToken(b.token ?? ''))
      .catch(() => {});
  }, []);
  const c = data.criteria;
  const price =
    c.minPrice !== undefined && c.maxPrice !== undefined
      ? t('savedSearch.price.between', { min: formatPrice(c.minPrice), max: formatPrice(c.maxPrice) })
      : c.minPrice !== undefined
        ? t('savedSearch.price.min', { min: formatPrice(c.minPrice) })
        : c.maxPrice !== undefined
          ? t('savedSearch.price.max', { max: formatPrice(c.maxPrice) })
          : null;
  const what = [
    t(`goal.${c.goal}`),
    data.allTypes ? t('savedSearch.allTypes') : c.types.map((x) => t(`type.${x}.plural`)).join(', '),
    data.allCities ? (data.chooseCities ? null : t('savedSearch.allCities', { count: c.cities.length })) : data.cityNames.join(', '),
    price,
    c.bedrooms ? t('savedSearch.bedrooms', { count: c.bedrooms }) : null,
    c.terrace ? t('listing.terrace') : null,
    c.garden ? t('listing.garden') : null,
  ].filter(Boolean);
  return (
    <details className="save-search" open={empty || undefined}>
      <summary>
        <h2 className="save-search__title">{t('savedSearch.title')}</h2>
      </summary>
      <p>{t(empty ? 'savedSearch.noResults' : 'savedSearch.intro')}</p>
      <p className="save-search__what">
        <strong>{t('savedSearch.kept')}</strong> {what.join(' · ')}
      </p>
      {data.dropped.length > 0 && (
        <p className="save-search__dropped">
          <strong>{t('savedSearch.dropped')}</strong> {data.dropped.map(droppedText).join(', ')}
        </p>
      )}
      {data.chooseCities ? (
        <p className="save-search__choose">
          {t('savedSearch.chooseCities', { max: DEMAND_MAX_CITIES })} {data.demandPath && <Link href={data.demandPath}>{t('savedSearch.demandForm')}</Link>}
        </p>
      ) : (
        <form
          id={FORM_ID}
          data-fill-token=""
          className="save-search__form"
          method="post"
          action={`/api/forms/demand-register?lang=${lang}`}
          onFocus={startProof}
          onSubmit={sendWithProof}
        >
          <input type="hidden" name="lang" value={lang} />
          {criteriaFields(c).map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          {token && <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />}
          {(
            [
              ['firstName', 'text', 80, 'given-name'],
              ['lastName', 'text', 80, 'family-name'],
              ['email', 'email', 200, 'email'],
            ] as const
          ).map(([field, type, max, auto]) => (
            <div key={field} className="form-field">
              <label htmlFor={`${FORM_ID}-${field}`}>{t(`form.${field}`)} *</label>
              <input id={`${FORM_ID}-${field}`} name={field} type={type} required maxLength={max} autoComplete={auto} />
            </div>
          ))}
          <div className="visually-hidden" aria-hidden="true">
            <label>
              Website <input name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <p className="save-search__send">
            <button type="submit" className="button">
              {t('savedSearch.submit')}
            </button>
          </p>
          <p className="form-privacy">
            {t('form.privacy', { agency: site.name })} {data.privacyPath && <Link href={data.privacyPath}>{t('form.privacyLink')}</Link>}
          </p>
        </form>
      )}
    </details>
  );
}
