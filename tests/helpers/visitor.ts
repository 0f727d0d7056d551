import { fillToken } from './fill-token.ts';

/** A visitor's contact fields as the site's forms send them, with a fill-time token old enough to be taken. */
export const person = () => ({
  lang: 'fr',
  formToken: fillToken(),
  website: '',
  title: 'ms',
  firstName: 'Camille',
  lastName: 'Dupont',
  email: 'camille.dupont@example.be',
  phone: '0470 12 34 56',
});
