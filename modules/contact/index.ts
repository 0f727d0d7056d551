import { defineModule } from '../../renderer/module-api.ts';
import { RequestForm } from '../lib/RequestForm.tsx';
import type { ContactData } from '../lib/request-form.server.ts';
import type { ContactModule } from '../../schemas/types.gen.ts';
import base from './schema.json';
import { FORM_KINDS } from '../../shared/forms.ts';
import { unusedFields } from '../lib/editor-ui.ts';

/** The kinds to choose from are the kinds defined (shared/forms.ts): a new kind needs no change here. */
const schema = { ...base, properties: { ...base.properties, form: { ...base.properties.form, enum: FORM_KINDS } } };

/** A visitor's request to the agency: the form of one kind (contact, visit, offer, valuation…). */
export default defineModule<ContactModule, ContactData>({
  view: 'contact',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
    form: {
      'ui:description': {
        nl: 'Welk formulier: de velden, de mails en de bedankpagina volgen eruit.',
        fr: 'Quel formulaire : les champs, les e-mails et la page de remerciement en découlent.',
        en: 'Which form: its fields, its mails and its thank-you page follow from it.',
      },
    },
    fields: {
      'ui:help': {
        nl: 'Per veld: tonen, verplicht, volgorde (de volgorde van deze lijst) en wanneer het verschijnt. Een voorwaarde kijkt naar velden erboven.',
        fr: 'Par champ : affiché, obligatoire, ordre (celui de cette liste) et quand il apparaît. Une condition porte sur les champs au-dessus.',
        en: 'Per field: shown, required, order (the order of this list) and when it appears. A condition looks at fields above it.',
      },
      items: {
        name: {
          'ui:title': { nl: 'Veld', fr: 'Champ', en: 'Field' },
          'ui:widget': 'FormFieldWidget',
          'ui:description': {
            nl: 'Het veld van het formulier waarvoor deze instellingen gelden.',
            fr: 'Le champ du formulaire que ces réglages concernent.',
            en: 'Which field of the form these settings are for.',
          },
        },
        show: {
          'ui:title': { nl: 'Tonen', fr: 'Afficher', en: 'Show' },
          'ui:description': {
            nl: 'Uit: bezoekers zien dit veld niet.',
            fr: 'Décoché : les visiteurs ne voient pas ce champ.',
            en: 'Off: visitors do not see this field.',
          },
        },
        required: {
          'ui:title': { nl: 'Verplicht', fr: 'Obligatoire', en: 'Required' },
          'ui:description': {
            nl: 'Het formulier kan niet verstuurd worden zolang dit veld leeg is.',
            fr: 'Le formulaire ne peut pas être envoyé tant que ce champ est vide.',
            en: 'The form cannot be sent while this field is empty.',
          },
        },
        conditions: {
          'ui:title': { nl: 'Alleen tonen als', fr: 'Afficher seulement si', en: 'Show only when' },
          'ui:description': {
            nl: 'Het veld verschijnt alleen als deze voorwaarden kloppen; geen: altijd.',
            fr: 'Le champ n’apparaît que si ces conditions sont remplies ; aucune : toujours.',
            en: 'The field shows only when these conditions hold; none: always.',
          },
          items: {
            logic: {
              'ui:title': { nl: 'Samen met de vorige', fr: 'Avec la précédente', en: 'With the one before' },
              'ui:description': {
                nl: 'Beide moeten kloppen (en), of één van beide volstaat (of).',
                fr: 'Les deux doivent être remplies (et), ou l’une des deux suffit (ou).',
                en: 'Both must hold (and), or one of the two is enough (or).',
              },
            },
            field: {
              'ui:title': { nl: 'Veld', fr: 'Champ', en: 'Field' },
              'ui:widget': 'FormFieldWidget',
              'ui:description': {
                nl: 'Het veld hierboven waarvan het antwoord bekeken wordt.',
                fr: 'Le champ au-dessus dont la réponse est regardée.',
                en: 'The field above whose answer is looked at.',
              },
            },
            compare: {
              'ui:title': { nl: 'Vergelijking', fr: 'Comparaison', en: 'Comparison' },
              'ui:description': {
                nl: 'Hoe het antwoord vergeleken wordt met de waarde hieronder.',
                fr: 'Comment la réponse est comparée à la valeur ci-dessous.',
                en: 'How the answer is compared with the value below.',
              },
            },
            value: {
              'ui:title': { nl: 'Waarde', fr: 'Valeur', en: 'Value' },
              'ui:description': {
                nl: 'Een tekst of getal; voor “is een van”, waarden gescheiden door komma’s (1,3).',
                fr: 'Un texte ou un nombre ; pour « est l’un de », des valeurs séparées par des virgules (1,3).',
                en: 'A text or a number; for “is one of”, values separated by commas (1,3).',
              },
            },
            compareField: {
              'ui:title': { nl: 'Of met het veld', fr: 'Ou avec le champ', en: 'Or with the field' },
              'ui:widget': 'FormFieldWidget',
              'ui:description': {
                nl: 'Vergelijken met het antwoord van een ander veld in plaats van een waarde.',
                fr: 'Comparer avec la réponse d’un autre champ plutôt qu’avec une valeur.',
                en: 'Compare with another field’s answer instead of a value.',
              },
            },
          },
        },
        advanced: {
          'ui:title': { nl: 'Geavanceerde voorwaarde (JSON Logic)', fr: 'Condition avancée (JSON Logic)', en: 'Advanced condition (JSON Logic)' },
          'ui:description': {
            nl: 'Voor de bouwer van de site: een regel in JSON Logic die ook moet kloppen. Laat anders leeg.',
            fr: 'Pour le concepteur du site : une règle en JSON Logic qui doit aussi être remplie. Sinon, laissez vide.',
            en: 'For the site’s builder: a rule in JSON Logic that must hold as well. Leave empty otherwise.',
          },
          'ui:widget': 'textarea',
          'ui:options': { rows: 3, advanced: true },
        },
      },
    },
  },
  meta: { title: { nl: 'Formulier', fr: 'Formulaire', en: 'Form' }, icon: 'mail', category: 'forms' },
  defaults: { status: 'Published', span: 12, form: 'site-contact' },
  View: RequestForm,
});
