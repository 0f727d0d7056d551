/** The editor's texts in Dutch. */
import type { MessageKey } from './en.ts';

const nl: Record<MessageKey, string> = {
  'lang.nl': 'Nederlands',
  'lang.fr': 'Frans',
  'lang.en': 'Engels',
  'lang.de': 'Duits',
};
export default nl;
