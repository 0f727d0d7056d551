import { defineModule } from '../../renderer/module-api.ts';
import { MODULE_LIMITS } from '../../renderer/ui.tsx';
import type { ListViewModule } from '../../schemas/types.gen.ts';
import type { ListViewData } from './load.server.ts';
import schema from './schema.json';
import View from './View.tsx';

export default defineModule<ListViewModule, ListViewData>({
  view: 'list-view',
  version: 1,
  schema,
  uiSchema: {
    showImage: {
      'ui:description': {
        nl: 'De kaart van elk artikel toont zijn afbeelding.',
        fr: 'La carte de chaque article affiche son image.',
        en: 'Each article’s card shows its picture.',
      },
    },
  },
  meta: {
    title: { nl: 'Artikellijst', fr: "Liste d'articles", en: 'Article list' },
    description: { nl: 'De artikels van een categorie', fr: "Les articles d'une catégorie", en: "A category's articles" },
    icon: 'list',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, relations: [{ type: 'category', id: 'services' }], ...MODULE_LIMITS.services },
  View,
});
