// The form schemas compiled by vite.config.ts's formValidators plugin.
declare module 'virtual:form-validators' {
  import type { FormKind } from '../../shared/forms.ts';
  type Validator = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown> }> | null };
  const validators: Record<FormKind, Validator>;
  export default validators;
}
