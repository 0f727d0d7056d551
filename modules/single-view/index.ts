import { defineModule } from '../../renderer/module-api.ts';
import type { SingleViewModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { SingleViewData } from './load.server.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<SingleViewModule, SingleViewData | null>({
  view: 'single-view',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('maxItems', 'numberItemOfRow'),
    showArticleTitle: {
      'ui:description': {
        nl: 'De titel van het artikel als kop boven de tekst.',
        fr: 'Le titre de l’article en tête du texte.',
        en: 'The article’s title as a heading above its text.',
      },
    },
    showImage: {
      'ui:description': {
        nl: 'De afbeelding van het artikel boven de tekst.',
        fr: 'L’image de l’article au-dessus du texte.',
        en: 'The article’s picture above its text.',
      },
    },
    showDate: {
      'ui:description': {
        nl: 'De publicatiedatum van het artikel onder de titel.',
        fr: 'La date de publication de l’article sous le titre.',
        en: 'The article’s publication date under its title.',
      },
    },
    relations: {
      'ui:description': {
        nl: 'Het artikel dat getoond wordt; leeg laten op een artikelpagina (die toont haar eigen artikel).',
        fr: 'L’article à afficher ; à laisser vide sur une page d’article (elle affiche son propre article).',
        en: 'The article to show; leave empty on article pages (they show their own article).',
      },
    },
  },
  meta: {
    title: { nl: 'Artikel', fr: 'Article', en: 'Article' },
    description: { nl: 'Eén artikel', fr: 'Un article', en: 'One article' },
    icon: 'file-text',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, relations: [] },
  View,
});
