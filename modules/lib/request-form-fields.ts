// Reading a request form's fields in the browser: what the visitor filled in, and what is sent.
import { FORM_FIELDS, PROJECT_FORMS, PROPERTY_FORMS, type FormKind } from '../../shared/forms.ts';
import type { ActiveField } from '../../shared/form-conditions.ts';
import type { ContactData } from './request-form.server.ts';

/** What a file input holds, as the schema describes it (the server reads the content itself). */
function fileMeta(f: File): { name: string; size: number; type: string } {
  const ext = f.name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, string> = { pdf: 'pdf', docx: 'docx', jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' };
  return { name: f.name, size: f.size, type: byExt[ext] ?? 'unknown' };
}

/** Every field's value as typed (for the conditions): lists for checkboxes, booleans for checks, text otherwise. */
export function readValues(form: HTMLFormElement, kind: FormKind): Record<string, unknown> {
  const fd = new FormData(form);
  const out: Record<string, unknown> = {};
  for (const f of FORM_FIELDS[kind]) {
    if (f.type === 'checkboxes') out[f.name] = fd.getAll(f.name).map(String);
    else if (f.type === 'checkbox' || f.type === 'confirm') out[f.name] = fd.get(f.name) === 'on';
    else if (f.type !== 'file') out[f.name] = String(fd.get(f.name) ?? '').trim();
  }
  return out;
}

/** The shown fields as the schema sees them (empty optional fields left out), and the files. */
export function readFields(
  form: HTMLFormElement,
  kind: FormKind,
  active: ActiveField[],
  propertyId?: number,
  attach?: ContactData['attach'],
  projectId?: number,
): { fields: Record<string, unknown>; files: Record<string, File> } {
  const fd = new FormData(form);
  const out: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  for (const { spec: f, shown, required } of active) {
    if (!shown) continue;
    if (f.type === 'checkboxes') out[f.name] = fd.getAll(f.name).map(String);
    else if (f.type === 'checkbox' || f.type === 'confirm') out[f.name] = fd.get(f.name) === 'on';
    else if (f.type === 'file') {
      const file = fd.get(f.name);
      if (file instanceof File && (file.size > 0 || file.name)) {
        files[f.name] = file;
        out[f.name] = fileMeta(file);
      }
    } else if (f.type === 'number') {
      const v = String(fd.get(f.name) ?? '').trim();
      if (v !== '') out[f.name] = /^\d+$/.test(v) ? Number(v) : v;
    } else {
      const v = String(fd.get(f.name) ?? '').trim();
      if (v !== '' || required) out[f.name] = v;
    }
  }
  if (FORM_FIELDS[kind].some((f) => f.type === 'captcha')) out.captchaToken = String(fd.get('captchaToken') ?? '');
  if (PROPERTY_FORMS.includes(kind) && propertyId !== undefined) out.propertyId = propertyId;
  if (PROJECT_FORMS.includes(kind) && projectId !== undefined) out.projectId = projectId;
  if (attach) out[attach.field] = attach.value;
  return { fields: out, files };
}
