import { defineModule } from '../../renderer/module-api.ts';
import type { RecentlyViewedModule } from '../../schemas/types.gen.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import schema from './schema.json';
import View from './View.tsx';

export default defineModule<RecentlyViewedModule, undefined>({
  view: 'recently-viewed',
  version: 1,
  schema,
  uiSchema: { ...unusedFields('relations', 'maxItems', 'numberItemOfRow') },
  meta: {
    title: { nl: 'Onlangs bekeken', fr: 'Consultés récemment', en: 'Recently viewed' },
    description: {
      nl: 'De panden die de bezoeker laatst bekeek, bewaard op zijn toestel',
      fr: 'Les derniers biens consultés par le visiteur, gardés sur son appareil',
      en: 'The properties the visitor last looked at, kept on their device',
    },
    icon: 'clock',
    category: 'listings',
  },
  defaults: { status: 'Published', span: 12 },
  View,
});
