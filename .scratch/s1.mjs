export default async function (p) {
  await p.goto('/admin/');
  await p.getByLabel('E-mail').fill('claire@atrium.be');
  await p.getByLabel('Mot de passe').fill('long password 2026');
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await p.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  await p.screenshot({ path: '/tmp/w14/pages.png', fullPage: true });
  await p.goto('/admin/pages/4');
  await p.getByRole('heading', { name: 'Modules' }).waitFor();
  await p.waitForTimeout(1500);
  await p.screenshot({ path: '/tmp/w14/page4.png', fullPage: true });
}
