import { defineLoader } from '../../renderer/module-api.ts';
import { loadContactForm } from '../lib/request-form.server.ts';
import contact from './index.ts';

export default defineLoader(contact, loadContactForm);
