/**
 * What staff may change of a library item, checked: a name (1–MEDIA_MAX_NAME characters) and alt
 * texts per language (at most MEDIA_MAX_ALT characters each; an empty one removes that language's).
 */
import { LANGUAGES } from '../../shared/constants.ts';
import { mediaError } from './errors.ts';

/** Longest name of an item (a file name, as people type them). */
export const MEDIA_MAX_NAME = 200;
/** Longest alt text (screen readers read it whole: a sentence or two). */
export const MEDIA_MAX_ALT = 300;

export interface MediaChange {
  name?: string;
  alt?: Record<string, string>;
}

const CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/;

export function checkedChange(body: Record<string, unknown>): MediaChange {
  for (const k of Object.keys(body)) {
    if (k !== 'name' && k !== 'alt') throw mediaError(400, 'unknownField', 'is not a field of this request (expected name, alt)', { name: k }, k);
  }
  const out: MediaChange = {};
  if (body.name !== undefined) {
    if (typeof body.name !== 'string') throw mediaError(400, 'badBody', 'must be a text.', {}, 'name');
    const name = body.name.trim();
    if (!name) throw mediaError(422, 'nameEmpty', 'give the image a name.', {}, 'name');
    if (CONTROL.test(name)) throw mediaError(422, 'badText', 'contains characters that cannot be shown.', {}, 'name');
    if ([...name].length > MEDIA_MAX_NAME)
      throw mediaError(422, 'nameTooLong', `is too long: at most ${MEDIA_MAX_NAME} characters.`, { max: MEDIA_MAX_NAME }, 'name');
    out.name = name;
  }
  if (body.alt !== undefined) {
    if (!body.alt || typeof body.alt !== 'object' || Array.isArray(body.alt)) throw mediaError(400, 'badBody', 'must be a text per language.', {}, 'alt');
    out.alt = {};
    for (const [lang, v] of Object.entries(body.alt as Record<string, unknown>)) {
      const field = `alt.${lang}`;
      if (!(LANGUAGES as readonly string[]).includes(lang))
        throw mediaError(422, 'altLanguage', `is not a language of the site (${LANGUAGES.join(', ')}).`, { lang }, field);
      if (typeof v !== 'string') throw mediaError(400, 'badBody', 'must be a text.', { lang }, field);
      // One line: line breaks and tabs become spaces.
      const text = v.replace(/[\t\n\r]+/g, ' ').trim();
      if (CONTROL.test(text)) throw mediaError(422, 'badText', 'contains characters that cannot be shown.', { lang }, field);
      if ([...text].length > MEDIA_MAX_ALT)
        throw mediaError(422, 'altTooLong', `is too long: at most ${MEDIA_MAX_ALT} characters.`, { max: MEDIA_MAX_ALT, lang }, field);
      out.alt[lang] = text;
    }
  }
  if (out.name === undefined && out.alt === undefined) throw mediaError(400, 'badBody', 'send a new name or alt texts.', {}, 'name');
  return out;
}
