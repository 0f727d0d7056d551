// A property as a CRM sends one that is hard to print: the sample's record of a flat (in nl, fr
// and en), with many photos and a long description of many paragraphs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './config.ts';

/** The id of the long property (not in the sample). */
export const LONG_ID = 1995;
export const LONG_PHOTOS = 30;
const PARAGRAPHS = 14;

const paragraph: Record<string, string> = {
  nl: 'Het appartement baadt in het licht dankzij de grote ramen op het zuiden. De leefruimte van 42 m² loopt door naar het terras; de keuken is volledig uitgerust met toestellen van een bekend merk, een kookeiland en veel bergruimte. Beide slaapkamers hebben ingebouwde kasten, de badkamer een inloopdouche en een dubbele lavabo.',
  fr: "L'appartement est baigné de lumière grâce aux grandes fenêtres orientées au sud. Le séjour de 42 m² se prolonge sur la terrasse ; la cuisine est entièrement équipée d'appareils de marque, d'un îlot et de nombreux rangements. Les deux chambres ont des placards intégrés, la salle de bains une douche à l'italienne et un double lavabo.",
  en: 'The apartment is bathed in light thanks to its large south-facing windows. The 42 m² living room opens onto the terrace; the kitchen is fully fitted with branded appliances, a cooking island and plenty of storage. Both bedrooms have built-in wardrobes, the bathroom a walk-in shower and a double washbasin.',
};

/** The shipped sample with the long property added (and its documents left out: none to offer). */
export function sampleWithLongProperty(): Record<string, unknown[]> {
  const sample = JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
  const base = sample.properties.filter((p: { ID: number }) => p.ID === 1095);
  const long = base.map((p: Record<string, any>) => ({
    ...p,
    ID: LONG_ID,
    RecordFile: `AT-2026-${LONG_ID}`,
    UniqueCode: `AT-2026-${LONG_ID}`,
    ProjectID: null,
    Description: Array.from({ length: PARAGRAPHS }, (_, i) => `${i + 1}. ${paragraph[p.language] ?? paragraph.en}`).join('<br><br>'),
    Pictures: Array.from({ length: LONG_PHOTOS }, (_, i) => ({
      Url: `https://pictures.vitrine-sample.invalid/${LONG_ID}/${i + 1}.jpg?v=1780615620`,
      Width: 1600,
      Height: 1067,
      ID: i + 1,
      Name: `${i + 1}`,
    })),
    SmallPictureItem: { ...p.SmallPictureItem, Url: `https://pictures.vitrine-sample.invalid/${LONG_ID}/1.jpg?v=1780615620` },
    XLargePictureItem: { Url: `https://pictures.vitrine-sample.invalid/${LONG_ID}/1.jpg?v=1780615620` },
    Documents: [],
  }));
  return { ...sample, properties: [...sample.properties, ...long] };
}
