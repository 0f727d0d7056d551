import { defineModule } from '../../renderer/module-api.ts';
import type { PropertyListModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { PropertyListData } from './load.server.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<PropertyListModule, PropertyListData>({
  view: 'property-list',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations'),
    pageSize: {
      'ui:description': {
        nl: 'Hoeveel panden per pagina met resultaten.',
        fr: 'Combien de biens par page de résultats.',
        en: 'How many properties per page of results.',
      },
    },
    showFilters: {
      'ui:description': {
        nl: 'Bezoekers kunnen de lijst verfijnen: type, gemeente, prijs, slaapkamers.',
        fr: 'Les visiteurs peuvent affiner la liste : type, commune, prix, chambres.',
        en: 'Visitors can narrow the list: type, municipality, price, bedrooms.',
      },
    },
    showMap: {
      'ui:description': {
        nl: 'Bezoekers kunnen de panden op een kaart bekijken.',
        fr: 'Les visiteurs peuvent voir les biens sur une carte.',
        en: 'Visitors can see the properties on a map.',
      },
    },
    maxItems: {
      'ui:description': {
        nl: 'Met “Enkel uitgelicht”: hoeveel panden getoond worden.',
        fr: 'Avec « Mis en avant uniquement » : combien de biens sont affichés.',
        en: 'With “Featured only”: how many properties are shown.',
      },
    },
  },
  meta: {
    title: { nl: 'Lijst van panden', fr: 'Liste de biens', en: 'Property list' },
    description: {
      nl: 'Zoeken met filters, sorteren, pagineren en kaart',
      fr: 'Recherche avec filtres, tri, pagination et carte',
      en: 'Search with filters, sorting, paging and map',
    },
    icon: 'home',
    category: 'listings',
  },
  defaults: { status: 'Published', span: 12, pageSize: 24, showFilters: true, showMap: true },
  View,
});
