export default async function (p, base) {
  await p.goto('/admin/');
  await p.locator('form.ed-login__card select').selectOption({ label: 'English' });
  await p.getByLabel('E-mail').fill('claire@atrium.be');
  await p.getByLabel('Password').fill('long password 2026');
  await p.getByRole('button', { name: 'Log in' }).click();
  await p.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  await p.getByRole('button', { name: 'Add page' }).click();
  const dialog = p.getByRole('dialog', { name: 'Add a page' });
  for (const [lang, text] of Object.entries({ nl: 'Opendeurdagen', fr: 'Journées portes ouvertes', en: 'Open days' })) await dialog.getByLabel(`Title (${lang})`).fill(text);
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await p.waitForURL(/\/admin\/pages\/\d+$/);
  console.log('created', p.url());
  await p.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Pages', exact: true }).click();
  await p.waitForTimeout(1000);
  await p.screenshot({ path: '/tmp/w14/s7.png' });
  await p.getByRole('button', { name: 'Duplicate Open days', exact: true }).click();
  await p.waitForTimeout(3000);
  console.log('after dup', p.url(), await p.locator('.ed-status').innerText().catch(() => ''));
  await p.screenshot({ path: '/tmp/w14/s7b.png' });
}
