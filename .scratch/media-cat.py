exec(open('/work/wt-14/.scratch/leads-cat.py').read().split("import sys, json")[0].replace("E = {","E0 = {"))
import json
E = {
 'library.uploading': ('Uploading {name}…', 'Téléversement de {name}…', '{name} wordt geüpload…'),
 'library.uploaded': ('{name} is in the library ({width} × {height}).', '{name} est dans la médiathèque ({width} × {height}).', '{name} staat in de bibliotheek ({width} × {height}).'),
 'library.notUploaded': ('{name} was not uploaded.', '{name} n’a pas été téléversé.', '{name} werd niet geüpload.'),
 'library.copied': ('The URL of {name} is copied: {url}', 'L’adresse de {name} est copiée : {url}', 'Het adres van {name} is gekopieerd: {url}'),
 'library.copyThis': ('Copy this URL: {url}', 'Copiez cette adresse : {url}', 'Kopieer dit adres: {url}'),
 'library.upload': ('Upload images', 'Téléverser des images', 'Afbeeldingen uploaden'),
 'library.help': ('JPEG, PNG or WebP. Wider images are scaled down; their metadata (camera, location) is removed.', 'JPEG, PNG ou WebP. Les images plus larges sont réduites ; leurs métadonnées (appareil, lieu) sont retirées.', 'JPEG, PNG of WebP. Bredere afbeeldingen worden verkleind; hun metadata (toestel, plaats) worden verwijderd.'),
 'library.helpLimits': ('JPEG, PNG or WebP, at most {size} each. Wider images are scaled down to {width} pixels; their metadata (camera, location) is removed.', 'JPEG, PNG ou WebP, {size} au plus chacune. Les images plus larges sont réduites à {width} pixels ; leurs métadonnées (appareil, lieu) sont retirées.', 'JPEG, PNG of WebP, hoogstens {size} per stuk. Bredere afbeeldingen worden verkleind tot {width} pixels; hun metadata (toestel, plaats) worden verwijderd.'),
 'library.empty': ('The library is empty: upload the first image above.', 'La médiathèque est vide : téléversez la première image ci-dessus.', 'De bibliotheek is leeg: upload hierboven de eerste afbeelding.'),
 'library.list': ('{n, plural, one {# image} other {# images}}, newest first', '{n, plural, one {# image} other {# images}}, les plus récentes d’abord', '{n, plural, one {# afbeelding} other {# afbeeldingen}}, nieuwste eerst'),
 'library.urlOf': ('URL of {name}', 'Adresse de {name}', 'Adres van {name}'),
 'library.copy': ('Copy URL', 'Copier l’adresse', 'Adres kopiëren'),
 'library.ofName': ('of {name}', 'de {name}', 'van {name}'),
}
add(E)
