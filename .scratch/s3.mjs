export default async function (p, base) {
  await p.goto('/admin/');
  await p.getByLabel('E-mail').fill('claire@atrium.be');
  await p.getByLabel('Mot de passe').fill('long password 2026');
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await p.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  await p.getByRole('navigation', { name: 'Éditeur' }).getByRole('link', { name: 'Bannière d’accueil' }).click();
  const title = p.getByLabel('Titre (fr)', { exact: true });
  await title.waitFor();
  await title.fill('Votre maison à Bruxelles');
  p.on('response', (r) => r.url().includes('/api/admin/') && console.log(r.status(), r.url()));
  await p.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await p.waitForTimeout(3000);
  console.log(await p.locator('.ed-docbar__status').innerText());
  await p.screenshot({ path: '/tmp/w14/banner.png', fullPage: true });
}
