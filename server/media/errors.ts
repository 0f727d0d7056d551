/**
 * The media library's refusals: a status, the field at fault, a code the editor says in its own
 * language (editor/inbox/media-text.ts) with its figures, and an English sentence for scripts and logs.
 */
import { HttpError } from '../http/request.ts';

export type MediaCode =
  | 'notMultipart'
  | 'unreadable'
  | 'unknownField'
  | 'noFile'
  | 'oneFile'
  | 'empty'
  | 'tooLarge'
  | 'notImage'
  | 'heic'
  | 'damaged'
  | 'tooManyPixels'
  | 'busy'
  | 'full'
  | 'notFound'
  | 'notInTrash'
  | 'inTrash'
  | 'inUse'
  | 'nameEmpty'
  | 'nameTooLong'
  | 'altTooLong'
  | 'altLanguage'
  | 'badText'
  | 'badBody';

/** A refusal: `field: sentence` in `error`, and `code` (media.…) with `params` for the editor. */
export function mediaError(status: number, code: MediaCode, sentence: string, params: Record<string, unknown> = {}, field = 'file'): HttpError {
  return new HttpError(status, {
    error: `${field}: ${sentence}`,
    field,
    code: `media.${code}`,
    params,
    errors: [{ field, message: sentence }],
  });
}
