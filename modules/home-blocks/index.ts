import { defineModule } from '../../renderer/module-api.ts';
import type { HomeBlocksModule } from '../../schemas/types.gen.ts';
import type { HomeBlocksData } from './load.server.ts';
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<HomeBlocksModule, HomeBlocksData>({
  view: 'home-blocks',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
  },
  meta: {
    title: { nl: 'Blokken kopen / huren / schatten', fr: 'Blocs acheter / louer / estimer', en: 'Buy / rent / estimate blocks' },
    icon: 'grid',
    category: 'listings',
  },
  defaults: { status: 'Published', span: 12 },
  View,
});
