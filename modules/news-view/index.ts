import { defineModule } from '../../renderer/module-api.ts';
import { MODULE_LIMITS } from '../../renderer/ui.tsx';
import type { NewsViewModule } from '../../schemas/types.gen.ts';
import type { NewsViewData } from './load.server.ts';
import schema from './schema.json';
import View from './View.tsx';

export default defineModule<NewsViewModule, NewsViewData>({
  view: 'news-view',
  version: 1,
  schema,
  uiSchema: {
    showSummary: {
      'ui:description': {
        nl: 'Elke kaart toont de samenvatting van het artikel onder de titel.',
        fr: 'Chaque carte affiche le résumé de l’article sous son titre.',
        en: 'Each card shows the article’s summary under its title.',
      },
    },
    moreLink: {
      'ui:description': {
        nl: 'Een link naar de blogpagina onder de kaarten.',
        fr: 'Un lien vers la page du blog sous les cartes.',
        en: 'A link to the blog page under the cards.',
      },
    },
  },
  meta: {
    title: { nl: 'Nieuws / blog', fr: 'Actualités / blog', en: 'News / blog' },
    description: {
      nl: 'Blogkaarten met kolommen voor verkopers en kopers',
      fr: 'Cartes du blog, colonnes vendeurs et acheteurs',
      en: 'Blog cards with seller and buyer columns',
    },
    icon: 'newspaper',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, relations: [{ type: 'category', id: 'blog' }], columns: ['seller', 'buyer'], ...MODULE_LIMITS.blog },
  View,
});
