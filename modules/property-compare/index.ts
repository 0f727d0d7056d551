import { defineModule } from '../../renderer/module-api.ts';
import type { PropertyCompareModule } from '../../schemas/types.gen.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import type { CompareData } from './load.server.ts';
import schema from './schema.json';
import View from './View.tsx';

export default defineModule<PropertyCompareModule, CompareData>({
  view: 'property-compare',
  version: 1,
  schema,
  uiSchema: { ...unusedFields('relations', 'maxItems', 'numberItemOfRow') },
  meta: {
    title: { nl: 'Panden vergelijken', fr: 'Comparer des biens', en: 'Compare properties' },
    description: {
      nl: 'Tot vier panden naast elkaar: prijs, prijs per m², oppervlaktes, kamers, energie, overstroming, kosten',
      fr: 'Jusqu’à quatre biens côte à côte : prix, prix au m², surfaces, pièces, énergie, inondation, frais',
      en: 'Up to four properties side by side: price, price per m², areas, rooms, energy, flooding, costs',
    },
    icon: 'home',
    category: 'listings',
  },
  defaults: { status: 'Published', span: 12 },
  View,
});
