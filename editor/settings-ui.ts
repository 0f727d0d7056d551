/**
 * How the site settings' forms draw some of their fields (issue 38, point 6), as a module type's
 * uiSchema does for its own: days as named checkboxes, a share as a percentage, times with the
 * browser's time input, the map's credit line as a text and a link, and the technical settings
 * (tracking codes, map tiles, time zone, picture servers, column widths, file formats) under
 * "Advanced", shown to administrators only. Labels, help and units are not here: they come from
 * the catalogue by the field's place (i18n/field-words.ts).
 */
import type { SingleDoc } from './api.ts';
import type { UiSchema } from './schema.ts';

const advanced = { 'ui:options': { advanced: true } };

export const SETTINGS_UI: Partial<Record<SingleDoc, UiSchema>> = {
  site: {
    'ui:order': ['name', 'legalName', 'url', 'email', 'phone', 'address', 'companyNumber', 'ipiNumber', 'logo', 'favicon', 'defaultImage', 'social', '*'],
    analyticsId: advanced,
    adsId: advanced,
    tagManagerId: advanced,
    pixelId: advanced,
    twitterSite: advanced,
    map: { ...advanced, attribution: { 'ui:widget': 'AttributionWidget' } },
    appointments: {
      timeZone: advanced,
      weekdays: { 'ui:widget': 'WeekdaysWidget' },
      times: { items: { 'ui:widget': 'ClockTimeWidget' } },
    },
    listings: {
      maxRemovedShare: { 'ui:widget': 'PercentWidget' },
      pictureHosts: advanced,
      allowPrivatePictureHosts: advanced,
    },
  },
  footer: { columns: { items: { sm: advanced, md: advanced, lg: advanced } } },
  banner: { video: { type: advanced } },
  popup: { formAction: advanced },
  renovation: { works: { items: { key: advanced, group: advanced, energyEffect: { 'ui:widget': 'PercentWidget' } } } },
};
