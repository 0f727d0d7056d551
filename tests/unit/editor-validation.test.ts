import { describe, expect, it } from 'vitest';
import { registry } from '../../modules/index.ts';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { editorRegistry } from '../../server/editor-api/editor-schemas.ts';
import { humanize, impliedUi, isLangMapSchema, pointerToPath, pathToPointer, prepareSchema, withoutProperties } from '../../editor/schema.ts';
import { errorsAt, listErrors, mergeErrors, ownProblems, problemsToErrors, validate } from '../../editor/validation.ts';
import type { Lang } from '../../shared/constants.ts';
import pages from '../../site-config/pages.json';

const schemas = new SchemaRegistry(registry);
const editor = editorRegistry(registry, schemas.ajv);
const langs: Lang[] = ['nl', 'fr', 'en'];
const pageForm = withoutProperties(prepareSchema(editor.schemas.page), ['modules']);
const settingsOf = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'modules'));

describe('the editor’s checks of a page', () => {
  it('accept every shipped page as it is (the home page’s empty path segments included)', () => {
    for (const p of pages as Array<Record<string, unknown>>) expect(listErrors(validate(pageForm, settingsOf(p), langs)), `page ${p.id}`).toEqual([]);
  });

  it('ask for a required text in every language once it is written in one, at that language', () => {
    const services = (pages as Array<Record<string, unknown>>).find((p) => p.id === 4)!;
    const errors = validate(pageForm, { ...settingsOf(services), title: { nl: 'Onze diensten', en: 'Our services' } }, langs);
    expect(listErrors(errors)).toEqual([{ pointer: '/title/fr', message: 'is required in French' }]);
  });

  it('let German fall back to English, as the site does', () => {
    const services = (pages as Array<Record<string, unknown>>).find((p) => p.id === 4)!;
    const withGerman = ['nl', 'fr', 'en', 'de'] as Lang[];
    expect(listErrors(validate(pageForm, settingsOf(services), withGerman))).toEqual([]);
    const noEnglish = { ...settingsOf(services), title: { nl: 'Onze diensten', fr: 'Nos services' } };
    expect(listErrors(validate(pageForm, noEnglish, withGerman)).map((e) => e.pointer)).toEqual(['/title/en', '/title/de']);
  });
});

describe('the server’s problems', () => {
  it('land at the field their pointer names, those of other documents stay out', () => {
    const problems = [
      { key: 'page:5', pointer: '/category', message: 'category "services" is already listed by page 4' },
      { key: 'page:5', pointer: '/modules/0/span', message: 'must be <= 12' },
      { key: 'page:4', pointer: '/category', message: 'is taken' },
    ];
    const es = problemsToErrors(ownProblems(problems, 'page:5'));
    expect(errorsAt(es, ['category'])).toEqual({ __errors: ['category "services" is already listed by page 4'] });
    expect(errorsAt(es, ['modules', 0, 'span'])).toEqual({ __errors: ['must be <= 12'] });
    expect(listErrors(es)).toHaveLength(2);
    // A second problem at the same field: still one field to fix, its problems said together.
    expect(listErrors(mergeErrors(es, problemsToErrors([{ pointer: '/category', message: 'also this' }])))).toEqual([
      { pointer: '/category', message: 'category "services" is already listed by page 4 · also this' },
      { pointer: '/modules/0/span', message: 'must be <= 12' },
    ]);
  });

  it('pointers and paths convert both ways, escapes included', () => {
    expect(pointerToPath('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(pathToPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(pointerToPath('/')).toEqual([]);
  });
});

describe('schemas for the forms', () => {
  it('label fields from their keys, not from type names', () => {
    expect(humanize('metadataTitle')).toBe('Metadata title');
    expect(humanize('isActiveSEO')).toBe('Is active SEO');
    const page = prepareSchema(editor.schemas.page);
    expect(page.properties.showBreadCrumb.title).toBe('Show bread crumb');
    expect(JSON.stringify(page)).not.toMatch(/"title":"(LocalizedText|PageMetadata|Media)"/);
  });

  it('give language-keyed objects their own field, and lists of distinct choices checkboxes', () => {
    const page = prepareSchema(editor.schemas.page);
    expect(isLangMapSchema(page.properties.metadata)).toBe(true);
    expect(isLangMapSchema(page.properties.title)).toBe(false); // a LocalizedText has its own field
    const news = prepareSchema(editor.modules.find((m) => m.view === 'news-view')!.schema);
    expect(impliedUi(news)).toMatchObject({ columns: { 'ui:widget': 'checkboxes' } });
  });
});
