/**
 * The Text module (issue 14): rich text staff write directly on a page, in the editor's rich-text
 * field. Stored as HTML per language, sanitised when it is saved and when the content is loaded
 * (server/content/rich-text.ts finds it through the schema's LocalizedHtml), drawn with the site's
 * `.rich-text` styles like an article's body.
 */
import { defineModule } from '../../renderer/module-api.ts';
import type { TextModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<TextModule, null>({
  view: 'text',
  version: 1,
  schema,
  uiSchema: {
    'ui:order': ['title', 'body', '*'],
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
    body: {
      'ui:description': {
        nl: 'De tekst, per taal: titels, alinea’s, lijsten, links, tabellen en afbeeldingen uit de mediabibliotheek.',
        fr: 'Le texte, par langue : titres, paragraphes, listes, liens, tableaux et images de la médiathèque.',
        en: 'The text, per language: headings, paragraphs, lists, links, tables and pictures from the media library.',
      },
    },
  },
  meta: {
    title: { nl: 'Tekst', fr: 'Texte', en: 'Text' },
    description: {
      nl: 'Vrije tekst met titels, lijsten, links, citaten, tabellen en afbeeldingen',
      fr: 'Texte libre avec titres, listes, liens, citations, tableaux et images',
      en: 'Free text with headings, lists, links, quotes, tables and images',
    },
    icon: 'text',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, body: {} },
  View,
});
