import { defineModule } from '../../renderer/module-api.ts';
import type { PropertyDetailModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { PropertyDetailData } from './load.server.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<PropertyDetailModule, PropertyDetailData | null>({
  view: 'property-detail',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
    similarCount: {
      'ui:description': {
        nl: 'Hoeveel gelijkaardige panden onder het pand voorgesteld worden; 0: geen.',
        fr: 'Combien de biens similaires sont proposés sous le bien ; 0 : aucun.',
        en: 'How many similar properties are proposed under the property; 0: none.',
      },
    },
  },
  meta: {
    title: { nl: 'Detail van een pand', fr: "Détail d'un bien", en: 'Property detail' },
    icon: 'home',
    category: 'listings',
  },
  defaults: { status: 'Published', span: 12, similarCount: 4 },
  View,
});
