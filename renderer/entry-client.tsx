// The browser entry: hydrates the server-rendered document from the data embedded once in it.
// (Composition root: the one place besides the server entry that imports the module list.)
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
// The site's styles first: each module's own (imported with it below) come after and refine them.
import './styles/site.css';
import { Root, SITE_STYLES_ID } from './App.tsx';
import { registry } from '../modules/index.ts';
import { INITIAL_DATA_ID, type InitialData } from './page-data.ts';
import type { Assets } from './App.tsx';
import type { Dictionary } from '../shared/format.ts';

const boot = JSON.parse(document.getElementById(INITIAL_DATA_ID)!.textContent!) as { initial: InitialData; assets: Assets };
// The stylesheet the server wrote into the head, read back so that the head hydrates as it is.
const styles = document.getElementById(SITE_STYLES_ID)?.textContent;
if (styles) boot.assets.styles = styles;

/** The dictionary of the page's language (preloaded beside this script, so usually already here). */
async function messages(url: string): Promise<Dictionary | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const r = await fetch(url, { credentials: 'same-origin' });
      if (r.ok) return (await r.json()) as Dictionary;
    } catch {
      /* offline for a moment: try again */
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
  }
  return undefined;
}

void (async () => {
  // This script is asked for once the server's page has been painted (renderer/entry-server.tsx).
  const dictionary = await messages(boot.initial.shell.messagesUrl);
  // Without its dictionary the page stays as the server sent it: readable, its links and forms plain HTML.
  if (!dictionary) return;
  boot.initial.shell.messages = dictionary;
  // In a transition: React hydrates in slices of a few milliseconds and lets the browser answer the
  // visitor in between (a click before the end is replayed), instead of one long task per page.
  startTransition(() => {
    hydrateRoot(document, <Root initial={boot.initial} assets={boot.assets} registry={registry} />);
  });
})();
