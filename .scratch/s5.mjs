export default async function (p, base) {
  await p.goto('/admin/');
  await p.getByLabel('E-mail').fill('claire@atrium.be');
  await p.getByLabel('Mot de passe').fill('long password 2026');
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await p.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  await p.goto('/admin/pages/13');
  const d = p.locator('.ed-settings').getByLabel('Description (nl)', { exact: true });
  await d.fill('');
  await p.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
  await p.waitForTimeout(1500);
  await p.getByRole('navigation', { name: 'Éditeur' }).getByRole('link', { name: 'Traductions manquantes' }).click();
  await p.waitForTimeout(1500);
  console.log(await p.locator('section[data-lang="nl"]').innerText());
  await p.screenshot({ path: '/tmp/w14/missing.png', fullPage: true });
}
