import { defineModule } from '../../renderer/module-api.ts';
import { RequestForm } from '../lib/RequestForm.tsx';
import type { ContactData } from '../lib/request-form.server.ts';
import type { ContactModule } from '../../schemas/types.gen.ts';
import base from './schema.json';
import { FORM_KINDS } from '../../shared/forms.ts';

/** The kinds to choose from are the kinds defined (shared/forms.ts): a new kind needs no change here. */
const schema = { ...base, properties: { ...base.properties, form: { ...base.properties.form, enum: FORM_KINDS } } };

/** A visitor's request to the agency: the form of one kind (contact, visit, offer, valuation…). */
export default defineModule<ContactModule, ContactData>({
  view: 'contact',
  version: 1,
  schema,
  uiSchema: {
    fields: {
      'ui:help': {
        nl: 'Per veld: tonen, verplicht, volgorde (de volgorde van deze lijst) en wanneer het verschijnt. Een voorwaarde kijkt naar velden erboven.',
        fr: 'Par champ : affiché, obligatoire, ordre (celui de cette liste) et quand il apparaît. Une condition porte sur les champs au-dessus.',
        en: 'Per field: shown, required, order (the order of this list) and when it appears. A condition looks at fields above it.',
      },
      items: {
        name: { 'ui:title': { nl: 'Veld', fr: 'Champ', en: 'Field' }, 'ui:widget': 'FormFieldWidget' },
        show: { 'ui:title': { nl: 'Tonen', fr: 'Afficher', en: 'Show' } },
        required: { 'ui:title': { nl: 'Verplicht', fr: 'Obligatoire', en: 'Required' } },
        conditions: {
          'ui:title': { nl: 'Alleen tonen als', fr: 'Afficher seulement si', en: 'Show only when' },
          items: {
            logic: { 'ui:title': { nl: 'Samen met de vorige', fr: 'Avec la précédente', en: 'With the one before' } },
            field: { 'ui:title': { nl: 'Veld', fr: 'Champ', en: 'Field' }, 'ui:widget': 'FormFieldWidget' },
            compare: { 'ui:title': { nl: 'Vergelijking', fr: 'Comparaison', en: 'Comparison' } },
            value: { 'ui:title': { nl: 'Waarde', fr: 'Valeur', en: 'Value' } },
            compareField: { 'ui:title': { nl: 'Of met het veld', fr: 'Ou avec le champ', en: 'Or with the field' }, 'ui:widget': 'FormFieldWidget' },
          },
        },
        advanced: {
          'ui:title': { nl: 'Geavanceerde voorwaarde (JSON Logic)', fr: 'Condition avancée (JSON Logic)', en: 'Advanced condition (JSON Logic)' },
          'ui:widget': 'textarea',
          'ui:options': { rows: 3 },
        },
      },
    },
  },
  meta: { title: { nl: 'Formulier', fr: 'Formulaire', en: 'Form' }, icon: 'mail', category: 'forms' },
  defaults: { status: 'Published', span: 12, form: 'site-contact' },
  View: RequestForm,
});
