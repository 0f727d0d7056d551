// A translation that leaves out a placeholder of its English text is a problem at its field (issue
// 38, point 6): a number, a name, a price the visitor needs would be missing. Only a plural's forms
// for one and for exact amounts may say their number in words ("un bien", "geen resultaten").
import { describe, expect, it } from 'vitest';
import { icuProblems } from '../../shared/icu-check.ts';
import { problemMessage } from '../../editor/problem-text.ts';

const at = { file: 'dictionary:fr', pointer: '/x', lang: 'fr' };
const codes = (text: string, reference: string) => icuProblems(text, reference, at, true).map((p) => p.code);

describe('placeholders a translation must keep', () => {
  it('refuses a text that leaves out a placeholder of its reference, naming it', () => {
    const [p] = icuProblems('N° IPI', 'IPI no. {number}', at, true);
    expect(p).toMatchObject({ code: 'icu.missingArgument', pointer: '/x', params: { names: '{number}', lang: 'fr', refLang: 'en' } });
    expect(problemMessage(p, 'fr')).toBe('omet {number}, que le texte en anglais contient : les visiteurs perdraient cette information');
    expect(problemMessage(p, 'nl')).toBe('laat {number} weg, dat de tekst in het Engels wel heeft: bezoekers zouden die informatie missen');
    expect(codes('© {year}. Tous droits réservés.', '© {year} {name}. All rights reserved.')).toEqual(['icu.missingArgument']);
    // Kept anywhere, in any order: fine.
    expect(codes('{name} – {year}', '© {year} {name}.')).toEqual([]);
  });

  it('lets the form for one (and exact amounts) say its number in words, not the forms for several', () => {
    const en = '{count, plural, one {# bedroom} other {# bedrooms}}';
    expect(codes('{count, plural, one {une chambre} other {# chambres}}', en)).toEqual([]);
    expect(codes('{count, plural, =0 {aucune chambre} one {une chambre} other {{count} chambres}}', en)).toEqual([]);
    const [p] = icuProblems('{count, plural, one {une chambre} other {des chambres}}', en, at, true);
    expect(p).toMatchObject({ code: 'icu.missingNumber', params: { name: '{count}', forms: 'other' } });
    expect(problemMessage(p, 'fr')).toMatch(/^n’affiche pas le nombre \(# ou \{count\}\) pour plusieurs éléments/);
    // French "many" (large amounts) must show it too.
    expect(codes('{count, plural, one {# chambre} many {des millions de chambres} other {# chambres}}', en)).toEqual(['icu.missingNumber']);
    // The plural left out altogether: the number is a placeholder left out.
    expect(codes('Des chambres', en)).toEqual(['icu.missingArgument']);
    // A reference that says its number in words for several too asks nothing more.
    expect(codes('{count, plural, one {un} other {plusieurs}}', '{count, plural, one {one} other {several}}')).toEqual([]);
  });

  it('still names a broken placeholder, and one the reference does not have', () => {
    expect(codes('par {nom', 'by {name}')).toEqual(['icu.syntax']);
    expect(codes('par {nom}', 'by {name}')).toEqual(['icu.unknownArgument', 'icu.missingArgument']);
  });
});
