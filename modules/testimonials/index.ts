import { defineModule } from '../../renderer/module-api.ts';
import type { TestimonialsModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View, { type TestimonialsData } from './View.tsx';

/** How many testimonials the module shows unless it says. */
export const DEFAULT_MAX = 12;
export type { TestimonialsData };

export default defineModule<TestimonialsModule, TestimonialsData>({
  view: 'testimonials',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'numberItemOfRow'),
    variant: {
      'ui:description': {
        nl: 'Lijst: elke getuigenis met foto en datum (de pagina Getuigenissen). Citaten: de nieuwste als korte citaten, met een link naar de pagina die ze allemaal toont (home).',
        fr: 'Liste : chaque témoignage avec photo et date (la page Témoignages). Citations : les plus récents en courtes citations, avec un lien vers la page qui les montre tous (accueil).',
        en: 'List: every testimonial with its photo and date (the testimonials page). Quotes: the newest as short quotes, with a link to the page that shows them all (home).',
      },
    },
    maxItems: {
      'ui:description': {
        nl: 'Hoeveel getuigenissen getoond worden, de nieuwste eerst.',
        fr: 'Combien de témoignages sont affichés, les plus récents d’abord.',
        en: 'How many testimonials are shown, the newest first.',
      },
    },
  },
  meta: { title: { nl: 'Getuigenissen', fr: 'Témoignages', en: 'Testimonials' }, icon: 'quote', category: 'content' },
  defaults: { status: 'Published', span: 12, maxItems: DEFAULT_MAX },
  View,
});
