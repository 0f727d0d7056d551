import { describe, expect, it } from 'vitest';
import { joinPath, slugify, splitPath } from '../../shared/path.ts';

describe('path building (SPEC §2)', () => {
  it.each([
    ['  Onze diensten ', 'onze-diensten'],
    ['Notre équipe', 'notre-equipe'],
    ['Déclaration de confidentialité', 'declaration-de-confidentialite'],
    ["L'achat d'un bien : 5 conseils !", 'lachat-dun-bien-5-conseils'],
    ['Schaerbeek / Schaarbeek', 'schaerbeek-schaarbeek'],
    ['Registratierechten in Brussel (2026)', 'registratierechten-in-brussel-2026'],
    ['Ça coûte combien ?', 'ca-coute-combien'],
    ['---a  --  b---', 'a-b'],
    ['Ærø', 'aero'],
    ["Chef-d'œuvre à Uccle", 'chef-doeuvre-a-uccle'],
    ['Straße', 'strasse'],
  ])('slugify(%j) = %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('joins segments with a leading and trailing slash', () => {
    expect(joinPath('nl', 'kopen')).toBe('/nl/kopen/');
    expect(joinPath('/fr/', 'nos-services/', 'vente')).toBe('/fr/nos-services/vente/');
    expect(joinPath('en', '', undefined, null)).toBe('/en/');
    expect(joinPath()).toBe('/');
  });

  it('splits and decodes a request path, and refuses a malformed one', () => {
    expect(splitPath('/fr/nos-services/')).toEqual(['fr', 'nos-services']);
    expect(splitPath('/nl/caf%C3%A9/')).toEqual(['nl', 'café']);
    expect(splitPath('/nl/%E0%A4%A/')).toBeNull();
  });
});
