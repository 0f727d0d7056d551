/**
 * Text from visitors made safe to store, mail and show: Unicode NFC; no NUL or other control
 * characters; no lone surrogate halves (they cannot be encoded as UTF-8 and break JSON readers
 * and mail); line breaks (as \n) only in multi-line fields, a single space elsewhere; in
 * single-line fields no bidirectional override or isolate characters either (a name that reads
 * backwards in a mail's header or the inbox list).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function normalizeText(value: string, multiline: boolean): string {
  const s = value.replace(LONE_SURROGATE, '').normalize('NFC');
  if (multiline) return s.replace(LINE_BREAKS, '\n').replace(CONTROLS, '');
  return s.replace(LINE_BREAKS, ' ').replace(/\t/g, ' ').replace(CONTROLS, '').replace(BIDI_CONTROLS, '');
}
