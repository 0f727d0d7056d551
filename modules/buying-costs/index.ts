import { defineModule } from '../../renderer/module-api.ts';
import type { BuyingCostsModule } from '../../schemas/types.gen.ts';
import { unusedFields } from '../lib/editor-ui.ts';
import type { BuyingCostsData } from './load.server.ts';
import schema from './schema.json';
import View from './View.tsx';

export default defineModule<BuyingCostsModule, BuyingCostsData>({
  view: 'buying-costs',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
    showMortgage: {
      'ui:title': { nl: 'Hypotheek tonen', fr: 'Afficher le crédit hypothécaire', en: 'Show the mortgage' },
      'ui:description': {
        nl: 'Vraag naar een lening en toon de kosten van de kredietakte en de maandelijkse aflossing.',
        fr: "Demander un prêt et afficher les frais de l'acte de crédit et la mensualité.",
        en: 'Ask for a loan and show the costs of the mortgage deed and the monthly payment.',
      },
    },
    showSources: {
      'ui:title': { nl: 'Bronnen tonen', fr: 'Afficher les sources', en: 'Show the sources' },
      'ui:description': {
        nl: 'Toon onder het resultaat de bron en datum van elk cijfer. De cijfers zelf staan in Site-instellingen › Aankoopkosten.',
        fr: "Afficher sous le résultat la source et la date de chaque chiffre. Les chiffres eux-mêmes se trouvent dans Réglages du site › Frais d'achat.",
        en: 'List the source and date of every figure under the result. The figures themselves are in Site settings › Buying costs.',
      },
    },
  },
  meta: {
    title: { nl: 'Aankoopkostencalculator', fr: "Calculateur des frais d'achat", en: 'Buying-cost calculator' },
    description: {
      nl: 'Registratierechten of btw, notariskosten, kosten van de hypotheekakte en maandelijkse aflossing',
      fr: "Droits d'enregistrement ou TVA, frais de notaire, frais de l'acte de crédit et mensualité",
      en: 'Registration duties or VAT, notary costs, mortgage deed costs and monthly payment',
    },
    icon: 'calculator',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, showMortgage: true, showSources: true },
  View,
});
