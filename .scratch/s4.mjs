export default async function (p, base) {
  await p.goto('/admin/');
  await p.getByLabel('E-mail').fill('claire@atrium.be');
  await p.getByLabel('Mot de passe').fill('long password 2026');
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await p.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  await p.getByRole('button', { name: 'Ajouter une page' }).click();
  const add = p.getByRole('dialog', { name: 'Ajouter une page' });
  for (const [l, text] of Object.entries({ nl: 'Vastgoedbeheer', fr: 'Gestion immobilière', en: 'Property management' })) await add.getByLabel(`Titre (${l})`).fill(text);
  await p.screenshot({ path: '/tmp/w14/addpage.png' });
  await add.getByRole('button', { name: 'Créer la page' }).click();
  await p.waitForURL(/\/admin\/pages\/\d+$/);
  await p.getByRole('heading', { name: 'Modules' }).waitFor();
  await p.waitForTimeout(500);
  console.log(await p.locator('.ed-settings select').evaluateAll((els) => els.map((e) => e.id + ':' + (e.labels?.[0]?.textContent ?? ''))));
  await p.screenshot({ path: '/tmp/w14/newpage.png', fullPage: true });
}
