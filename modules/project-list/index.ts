import { defineModule } from '../../renderer/module-api.ts';
import type { ProjectListModule } from '../../schemas/types.gen.ts';
import type { ProjectListData } from './load.server.ts';
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<ProjectListModule, ProjectListData>({
  view: 'project-list',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'numberItemOfRow'),
  },
  meta: { title: { nl: 'Nieuwbouwprojecten', fr: 'Projets neufs', en: 'New-build projects' }, icon: 'building', category: 'listings' },
  defaults: { status: 'Published', span: 12 },
  View,
});
