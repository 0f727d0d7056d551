import { defineModule } from '../../renderer/module-api.ts';
import type { SiteSearchModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { SiteSearchData } from './load.server.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<SiteSearchModule, SiteSearchData>({
  view: 'site-search',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
  },
  meta: {
    title: { nl: 'Zoeken op de site', fr: 'Recherche sur le site', en: 'Site search' },
    icon: 'search',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12 },
  View,
});
