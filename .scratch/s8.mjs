export default async function (p, base) {
  await p.goto('/admin/');
  await p.getByLabel('E-mail').fill('claire@atrium.be');
  await p.getByLabel('Mot de passe').fill('long password 2026');
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await p.locator('.ed-header').waitFor();
  for (const path of ['leads', 'owners', 'listings', 'media']) {
    await p.goto('/admin/' + path);
    await p.waitForTimeout(1200);
    await p.screenshot({ path: `/tmp/w14/inbox-${path}.png`, fullPage: false });
  }
}
