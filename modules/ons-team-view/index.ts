import { defineModule } from '../../renderer/module-api.ts';
import { MODULE_LIMITS } from '../../renderer/ui.tsx';
import type { OnsTeamViewModule } from '../../schemas/types.gen.ts';
import type { TeamData } from './load.server.ts';
import schema from './schema.json';
import View from './View.tsx';

export default defineModule<OnsTeamViewModule, TeamData>({
  view: 'ons-team-view',
  version: 2,
  migrate: {
    // Version 1 called the grid limits `perRow` and `limit`; version 2 uses the shared module fields.
    2: ({ perRow, limit, ...rest }) => ({
      ...rest,
      ...(rest.numberItemOfRow === undefined && perRow !== undefined ? { numberItemOfRow: perRow } : {}),
      ...(rest.maxItems === undefined && limit !== undefined ? { maxItems: limit } : {}),
    }),
  },
  schema,
  uiSchema: {
    showContact: {
      'ui:description': {
        nl: 'Het telefoonnummer en e-mailadres van elke persoon onder de foto.',
        fr: 'Le téléphone et l’adresse e-mail de chaque personne sous sa photo.',
        en: 'Each person’s phone number and e-mail address under their photo.',
      },
    },
  },
  meta: {
    title: { nl: 'Ons team', fr: 'Notre équipe', en: 'Our team' },
    description: { nl: 'Raster van teamleden', fr: "Grille de l'équipe", en: 'Team member grid' },
    icon: 'users',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, relations: [{ type: 'category', id: 'team' }], ...MODULE_LIMITS.team },
  View,
});
