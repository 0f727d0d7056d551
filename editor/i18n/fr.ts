/** The editor's texts in French. */
import type { MessageKey } from './en.ts';

const fr: Record<MessageKey, string> = {
  'lang.nl': 'néerlandais',
  'lang.fr': 'français',
  'lang.en': 'anglais',
  'lang.de': 'allemand',
};
export default fr;
