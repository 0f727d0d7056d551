import { defineModule } from '../../renderer/module-api.ts';
import { RequestForm } from '../lib/RequestForm.tsx';
import type { ContactData } from '../lib/request-form.server.ts';
import type { ContactModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';

/** A visitor's request to the agency: the form of one kind (contact, visit, offer, valuation…). */
export default defineModule<ContactModule, ContactData>({
  view: 'contact',
  version: 1,
  schema,
  meta: { title: { nl: 'Formulier', fr: 'Formulaire', en: 'Form' }, icon: 'mail', category: 'forms' },
  defaults: { status: 'Published', span: 12, form: 'site-contact' },
  View: RequestForm,
});
