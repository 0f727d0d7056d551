import { defineModule } from '../../renderer/module-api.ts';
import type { ProjectDetailModule } from '../../schemas/types.gen.ts';
import type { ProjectDetailData } from './load.server.ts';
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<ProjectDetailModule, ProjectDetailData | null>({
  view: 'project-detail',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
  },
  meta: { title: { nl: 'Detail van een project', fr: "Détail d'un projet", en: 'Project detail' }, icon: 'building', category: 'listings' },
  defaults: { status: 'Published', span: 12 },
  View,
});
