// Shared by the storage contract tests: a visitor's request and its mails, shaped as the forms make them.
import type { OutboxMessage, Submission } from '../../server/storage/index.ts';

let n = 0;
export const lead = (over: Partial<Submission> = {}): Submission => ({
  id: `lead-${++n}-${Math.random().toString(36).slice(2, 8)}`,
  kind: 'site-contact',
  lang: 'fr',
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, 0, n)).toISOString(),
  page: 'https://www.atrium-immo.be/fr/contact/',
  propertyId: null,
  fields: {
    firstName: 'Zoë',
    lastName: "D'Hondt-Vanderlinden",
    email: `zoe.dhondt+${n}@example.be`,
    message: 'Bonjour,\n\nUne maison à Ixelles ? « Oui ».'.repeat(20),
  },
  status: 'new',
  ...over,
});
export const mail = (leadId: string, who: string, over: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: `${leadId}-${who}`,
  leadId,
  to: 'info@atrium-immo.be',
  from: '"Atrium Immo" <noreply@atrium-immo.be>',
  subject: 'Demande de contact – Zoë',
  text: 'Bonjour',
  html: '<p>Bonjour</p>',
  lang: 'fr',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});
