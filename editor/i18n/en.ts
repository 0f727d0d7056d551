/** The editor's texts in English: the reference catalogue (every key lives here first). */
const en = {
  'lang.nl': 'Dutch',
  'lang.fr': 'French',
  'lang.en': 'English',
  'lang.de': 'German',
} as const;

export type MessageKey = keyof typeof en;
export default en as Record<MessageKey, string>;
