import { defineModule } from '../../renderer/module-api.ts';
import type { OnlineValuationModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { ValuationData } from './load.server.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<OnlineValuationModule, ValuationData>({
  view: 'online-valuation',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
    requestForm: {
      'ui:help': {
        nl: 'Hoe de schatting rekent (minimum aantal vergelijkbare panden, uitbreiding, factoren) staat in Site-instellingen › Online schatting.',
        fr: 'La manière d’estimer (nombre minimum de biens comparables, élargissement, facteurs) se règle dans Réglages du site › Estimation en ligne.',
        en: 'How it estimates (minimum comparables, widening, factors) is in Site settings › Online valuation.',
      },
    },
  },
  meta: {
    title: { nl: 'Online schatting', fr: 'Estimation en ligne', en: 'Online valuation' },
    description: {
      nl: 'Indicatieve verkoop- en huurprijs uit de eigen panden, in stappen',
      fr: 'Prix de vente et loyer indicatifs tirés de nos biens, en étapes',
      en: 'Indicative sale price and rent from the agency’s own listings, step by step',
    },
    icon: 'scale',
    category: 'forms',
  },
  defaults: { status: 'Published', span: 12, requestForm: true },
  View,
});
