import { defineModule } from '../../renderer/module-api.ts';
import type { RenovationCalculatorModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { CalculatorData } from './load.server.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<RenovationCalculatorModule, CalculatorData>({
  view: 'renovation-calculator',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
    showGrants: {
      'ui:help': {
        nl: 'De premies zelf staan in Site-instellingen › Renovatiecalculator.',
        fr: 'Les primes elles-mêmes se trouvent dans Réglages du site › Calculateur de rénovation.',
        en: 'The grants themselves are in Site settings › Renovation calculator.',
      },
    },
    showSources: {
      'ui:help': {
        nl: 'Elk cijfer vermeldt daar ook zijn bron en datum.',
        fr: 'Chaque chiffre y indique aussi sa source et sa date.',
        en: 'Every figure names its source and date there too.',
      },
    },
  },
  meta: {
    title: { nl: 'Renovatiecalculator', fr: 'Calculateur de rénovation', en: 'Renovation cost calculator' },
    description: {
      nl: 'Kosten van energiewerken, verwacht EPC-label, termijn en premies',
      fr: 'Coût des travaux énergétiques, label PEB attendu, délai et primes',
      en: 'Cost of energy works, expected EPC label, deadline and grants',
    },
    icon: 'calculator',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, showGrants: true, showSources: true, requestForm: true },
  View,
});
