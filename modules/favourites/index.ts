import { defineModule } from '../../renderer/module-api.ts';
import type { FavouritesModule } from '../../schemas/types.gen.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import type { FavouritesData } from './load.server.ts';
import schema from './schema.json';
import View from './View.tsx';

export default defineModule<FavouritesModule, FavouritesData>({
  view: 'favourites',
  version: 1,
  schema,
  uiSchema: { ...unusedFields('relations', 'maxItems', 'numberItemOfRow') },
  meta: {
    title: { nl: 'Favorieten van de bezoeker', fr: 'Favoris du visiteur', en: 'Visitor’s favourites' },
    description: {
      nl: 'De panden die de bezoeker op zijn toestel bewaart, met een link om de lijst te delen',
      fr: 'Les biens que le visiteur garde sur son appareil, avec un lien pour partager la liste',
      en: 'The properties visitors keep on their device, with a link to share the list',
    },
    icon: 'star',
    category: 'listings',
  },
  defaults: { status: 'Published', span: 12 },
  View,
});
