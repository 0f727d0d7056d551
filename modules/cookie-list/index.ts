import { defineModule } from '../../renderer/module-api.ts';
import type { CookieListModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<CookieListModule, null>({
  view: 'cookie-list',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
  },
  meta: { title: { nl: 'Cookiecategorieën', fr: 'Catégories de cookies', en: 'Cookie categories' }, icon: 'cookie', category: 'content' },
  defaults: { status: 'Published', span: 12 },
  View,
});
