/**
 * Every kind of visitors' form, as a list of the fields of shared/form-fields.ts with what is
 * particular to the kind (required or not, its options, a bound, a label). Adding a kind: an entry
 * here, then `npm run gen:forms` (its schema and the types), and its texts (README "A new form kind").
 */
import { FIELDS, type FieldDef, type FieldName, type FieldSpec, type FieldUse, type Rule } from './form-fields.ts';

/** What one kind of form is: its fields, what it is about, and what follows from a request of it. */
export interface KindDef {
  /** The schema's title and description. */
  title: string;
  description: string;
  /** Its shown fields in order: a name, or a name with what this kind makes of it. */
  fields: ReadonlyArray<FieldName | FieldUse>;
  /** Fields posted along without being shown (the property's id is added by `about`), with whether they are required. */
  hidden?: Partial<Record<FieldName, boolean>>;
  /** About the property of the page (its id sent along; for an appointment it is optional), or the project of the page. */
  about?: 'property' | 'project';
  /** The property's id is optional (an appointment with the agency, not about a property). */
  aboutOptional?: boolean;
  /** Only for a property for sale, or to let (and on offer). */
  only?: 'sale' | 'rent';
  /** Files are sent along (multipart/form-data). */
  uploads?: boolean;
  /** Who gets the confirmation mail: the visitor (by default), the friend, or nobody. */
  visitorMail?: 'friend' | 'none';
  /** The confirmation mail's text (dictionary key); `mail.thanks` by default. */
  confirmation?: string;
  /** A form without a captcha of its own asks for a proof of work (shared/proof-of-work.ts; the captcha without JavaScript). */
  guard?: 'proof';
  /** Rule parts of the whole form the fields cannot say (if/then between fields), merged into its schema. */
  rule?: Rule;
}

const req = (name: FieldName, more: Omit<FieldUse, 'name' | 'required'> = {}): FieldUse => ({ name, required: true, ...more });
const person: FieldUse[] = [{ name: 'title' }, req('firstName'), req('lastName'), req('email')];
const captcha: FieldUse = req('captcha');

/**
 * Every kind of form, defined once: the browser form, the server's checks, the mails, the inbox and
 * the editor's choices follow from this, with its dictionary keys (form.kind.{kind}, form.{field}…)
 * and its thank-you page (thank-you-{kind}).
 */
export const KINDS = {
  'site-contact': {
    title: 'SiteContactForm',
    description: 'General contact form (site-contact).',
    fields: [...person, 'phone', req('message'), 'newsletter'],
    hidden: { renovation: false },
    guard: 'proof',
  },
  'contact-me': {
    title: 'ContactMeForm',
    description: 'Contact me about a property: a visit or more information (contact-me).',
    fields: [req('request'), ...person, req('phone'), 'timeSlots', 'preference', 'message', 'newsletter'],
    hidden: { renovation: false },
    about: 'property',
    guard: 'proof',
  },
  'send-to-friend': {
    title: 'SendToFriendForm',
    description: 'Send a property to a friend.',
    fields: [req('firstName'), req('lastName'), req('email'), req('friendFirstName'), req('friendLastName'), req('receiverEmail'), 'message', captcha],
    hidden: { captchaToken: true },
    about: 'property',
    visitorMail: 'friend',
  },
  'document-request': {
    title: 'DocumentRequestForm',
    description: 'Ask for the documents of a property by e-mail.',
    fields: [...person, 'phone'],
    hidden: { newsletter: false },
    about: 'property',
    guard: 'proof',
  },
  'sign-newsletter': {
    title: 'NewsletterForm',
    description: 'Newsletter sign-up.',
    fields: ['firstName', req('email')],
    hidden: { newsletter: false },
    confirmation: 'mail.newsletter',
    guard: 'proof',
  },
  'contact-demand': {
    title: 'ContactDemandForm',
    description: 'Free valuation (in-depth valuation) request.',
    fields: [
      req('goal', { options: ['sell', 'rent-out', 'buy'] }),
      req('propertyType'),
      { name: 'bedrooms', label: 'form.valuationBedrooms', maximum: 50 },
      req('street'),
      req('houseNumber'),
      req('zip'),
      req('city'),
      ...person,
      req('phone'),
      'message',
      'newsletter',
    ],
    hidden: { valuation: false },
    guard: 'proof',
  },
  'demand-register': {
    title: 'DemandRegisterForm',
    description: 'Demand register (search alert): what the visitor looks for; new matching properties are mailed after each import.',
    fields: [
      req('goal', { options: ['sale', 'rent'], label: 'form.demandGoal' }),
      req('types'),
      // SPEC §3 demand "region/zip/city", SPEC §5 "at least one geographic zone": any of the three.
      'regions',
      req('cities', { requiredUnless: ['regions', 'zips'] }),
      'zips',
      'minPrice',
      'maxPrice',
      'bedrooms',
      'maxBedrooms',
      'bathrooms',
      'garages',
      'parkings',
      'terrace',
      'garden',
      ...person,
      'phone',
      'newsletter',
    ],
    guard: 'proof',
  },
  'purchase-offer': {
    title: 'PurchaseOfferForm',
    description: 'A written purchase offer on a property for sale; 10% of the offered price is the advance at signing.',
    fields: [req('offeredPrice'), 'conditions', ...person, req('phone')],
    about: 'property',
    only: 'sale',
    guard: 'proof',
  },
  'contact-appointment': {
    title: 'ContactAppointmentForm',
    description: 'Booking of a free appointment slot with the agency (a visit when it is about a property).',
    fields: [req('slot'), ...person, req('phone'), 'message'],
    about: 'property',
    aboutOptional: true,
    guard: 'proof',
  },
  'rental-application': {
    title: 'RentalApplicationForm',
    description: 'Application to rent a property, with the confirmations of SPEC §5 whose numbers come from the property.',
    fields: [
      req('monthlyIncome'),
      req('persons'),
      ...person,
      req('phone'),
      'message',
      req('confirmIncome'),
      req('confirmPersons'),
      req('confirmDescription'),
      req('confirmPayment'),
    ],
    about: 'property',
    only: 'rent',
    guard: 'proof',
  },
  testimonial: {
    title: 'TestimonialForm',
    description: 'A testimonial; published only after staff approval.',
    fields: [req('name'), 'about', 'url', 'image', req('comment'), captcha],
    hidden: { captchaToken: true },
    uploads: true,
    visitorMail: 'none',
  },
  'job-application': {
    title: 'JobApplicationForm',
    description: 'A job application with a CV (PDF or DOCX, at most 5 MB).',
    fields: [...person, req('phone'), 'position', { name: 'message', label: 'form.motivation' }, req('cv')],
    uploads: true,
    confirmation: 'mail.job',
    guard: 'proof',
  },
  'contact-construction': {
    title: 'ContactConstructionForm',
    description: 'An enquiry about a new-build project: the units of interest, budget, bedrooms, a message and the contact data (contact-construction).',
    fields: ['units', 'budget', 'bedrooms', ...person, 'phone', { name: 'message', rule: { minLength: 1 } }, 'newsletter'],
    about: 'project',
    guard: 'proof',
  },
} satisfies Record<string, KindDef>;

export type FormKind = keyof typeof KINDS;
export const FORM_KINDS = Object.keys(KINDS) as FormKind[];

/** A kind's shown fields, each its catalogue entry with what the kind makes of it. */
export function kindFields(kind: FormKind): FieldSpec[] {
  return (KINDS[kind] as KindDef).fields.map((u) => {
    const use: FieldUse = typeof u === 'string' ? { name: u } : u;
    const { hidden: _hidden, ...def } = FIELDS[use.name] as FieldDef;
    return { ...def, ...use };
  });
}
