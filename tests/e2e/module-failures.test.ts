// Issue 41, point 1, in the browser: each module has its own error boundary. A module whose view
// throws at hydration (here: the home page's blocks, sent data their view cannot read) is left out,
// the rest of the page hydrates and answers, and the failure is written once to the console with
// the page, the module id and its type.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/e2e.ts';
import { INITIAL_DATA_ID } from '../../renderer/page-data.ts';

const browser = useBrowser();

/** The page's data for the browser with one module's data replaced by null: its view throws while hydrating. */
function breakModule(html: string, id: number): string {
  const open = `<script type="application/json" id="${INITIAL_DATA_ID}">`;
  const start = html.indexOf(open) + open.length;
  const end = html.indexOf('</script>', start);
  const boot = JSON.parse(html.slice(start, end));
  const item = boot.initial.page.modules.find((m: { record: { id: number } }) => m.record.id === id);
  if (!item) throw new Error(`module ${id} is not on the page`);
  item.data = null;
  return html.slice(0, start) + JSON.stringify(boot).replace(/</g, '\\u003c') + html.slice(end);
}

describe('a module that fails in the browser', () => {
  it('is left out; the other modules and the chrome keep working; it is logged once', async () => {
    const page = await browser.open();
    await page.route(/\/en\/\?broken=1$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: breakModule(await response.text(), 42) });
    });
    // The server's page has the blocks (module 42): the browser's data does not.
    await page.goto('/en/?broken=1');
    // Hydrated all the same (goto waits for the document's mark), the failed module gone.
    expect(await page.locator('section[data-module-id="42"]').count()).toBe(0);
    // The modules around it are there and work: the latest properties' favourite button.
    expect(await page.locator('section[data-module-id="1"]').count()).toBe(1);
    const heart = page.locator('section[data-module-id="43"] .property-card .fav-button').first();
    await heart.scrollIntoViewIfNeeded();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    // One line for the failure, naming the page, the module and its type; nothing else went wrong.
    const problems = browser.state.problems.splice(0);
    const ours = problems.filter((p) => p.includes('module 42 (home-blocks) failed in the browser on /en/'));
    expect(ours).toHaveLength(1);
    expect(problems.filter((p) => !ours.includes(p))).toEqual([]);
  });
});
