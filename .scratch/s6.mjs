export default async function (p, base) {
  await p.goto('/admin/');
  await p.locator('form.ed-login__card select').selectOption({ label: 'Nederlands' });
  await p.getByLabel('E-mail').fill('claire@atrium.be');
  await p.getByLabel('Wachtwoord').fill('long password 2026');
  await p.getByRole('button', { name: 'Aanmelden' }).click();
  await p.locator('.ed-header').waitFor();
  await p.goto('/admin/settings/footer');
  await p.waitForTimeout(2000);
  await p.screenshot({ path: '/tmp/w14/footer.png', fullPage: true });
  await p.goto('/admin/pages/1');
  await p.getByRole('heading', { name: 'Modules' }).waitFor();
  await p.locator('li.ed-module').nth(0).getByRole('button', { name: 'Bewerken' }).click();
  await p.locator('li.ed-module').nth(0).locator('details.ed-advanced summary').click();
  await p.waitForTimeout(800);
  await p.screenshot({ path: '/tmp/w14/module-nl.png', fullPage: true });
}
