/**
 * The owner portal (issue 5). The server renders the login form, the same for everyone, so the
 * login page stays in the public page cache; everything personal is fetched in the browser from
 * /api/owner/ once logged in. The selected property and a password-reset token live in the URL's
 * fragment (#property=…, #reset=…), which never reaches the server, its logs or a Referer.
 * The chart (visx) is a separate chunk, loaded only when an owner opens a property.
 */
import { defineModule } from '../../renderer/module-api.ts';
import type { OwnerPortalModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<OwnerPortalModule, null>({
  view: 'owner-portal',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
  },
  meta: {
    title: { nl: 'Eigenaarsportaal', fr: 'Portail des propriétaires', en: 'Owner portal' },
    description: { nl: 'Login en statistieken voor eigenaars', fr: 'Connexion et statistiques des propriétaires', en: 'Login and statistics for owners' },
    icon: 'lock',
    category: 'portal',
  },
  defaults: { status: 'Published', span: 12 },
  View,
});
