/**
 * Editor hints shared by module types (issue 38, point 6). Every module record has the common
 * fields of schemas/module.json; a type that does not use some of them (what it shows, how many at
 * most, how many per row) says so in its uiSchema, so that the editor does not offer a field that
 * would change nothing. Their values, if any, are kept as they are.
 */
type CommonField = 'relations' | 'maxItems' | 'numberItemOfRow';

export function unusedFields(...keys: CommonField[]): Record<string, Record<string, string>> {
  return Object.fromEntries(
    keys.map((k): [string, Record<string, string>] => [k, k === 'relations' ? { 'ui:field': 'HiddenField' } : { 'ui:widget': 'hidden' }]),
  );
}
