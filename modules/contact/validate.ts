// The browser's validator: the same JSON Schemas the server checks with, loaded on first use.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addLinearFormats } from '../../renderer/lib/formats.ts';
import siteContact from '../../schemas/form-site-contact.json';
import contactMe from '../../schemas/form-contact-me.json';
import sendToFriend from '../../schemas/form-send-to-friend.json';
import documentRequest from '../../schemas/form-document-request.json';
import signNewsletter from '../../schemas/form-sign-newsletter.json';
import contactDemand from '../../schemas/form-contact-demand.json';
import demandRegister from '../../schemas/form-demand-register.json';
import purchaseOffer from '../../schemas/form-purchase-offer.json';
import contactAppointment from '../../schemas/form-contact-appointment.json';
import rentalApplication from '../../schemas/form-rental-application.json';
import testimonial from '../../schemas/form-testimonial.json';
import jobApplication from '../../schemas/form-job-application.json';
import { fieldErrors, type FieldError, type FormKind } from '../../renderer/lib/forms.ts';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addLinearFormats(ajv);
const validators: Record<FormKind, ReturnType<typeof ajv.compile>> = {
  'site-contact': ajv.compile(siteContact),
  'contact-me': ajv.compile(contactMe),
  'send-to-friend': ajv.compile(sendToFriend),
  'document-request': ajv.compile(documentRequest),
  'sign-newsletter': ajv.compile(signNewsletter),
  'contact-demand': ajv.compile(contactDemand),
  'demand-register': ajv.compile(demandRegister),
  'purchase-offer': ajv.compile(purchaseOffer),
  'contact-appointment': ajv.compile(contactAppointment),
  'rental-application': ajv.compile(rentalApplication),
  testimonial: ajv.compile(testimonial),
  'job-application': ajv.compile(jobApplication),
};

export function validate(kind: FormKind, fields: Record<string, unknown>, order: string[]): FieldError[] {
  const v = validators[kind];
  return v(fields) ? [] : fieldErrors((v.errors ?? []) as never, order);
}
