// The browser entry: hydrates the server-rendered document from the data embedded once in it.
// (Composition root: the module views are found by folder, modules/<view>/index.ts, each a chunk.)
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
// The site's styles first: each module's own (in its chunk, written into the page by the server) come after and refine them.
import './styles/site.css';
import { HYDRATED_ATTRIBUTE, Root, SITE_STYLES_ID } from './App.tsx';
import { planHydration } from './hydration.tsx';
import { caughtByModule } from './module-failure.tsx';
import { ClientViews } from './client-views.ts';
import { pageViews, type AnyModuleDefinition } from './module-api.ts';
import { INITIAL_DATA_ID, type InitialData } from './page-data.ts';
import type { Assets } from './App.tsx';
import { formatPrice, translate, type Dictionary } from '../shared/format.ts';

const boot = JSON.parse(document.getElementById(INITIAL_DATA_ID)!.textContent!) as { initial: InitialData; assets: Assets };
// The stylesheet the server wrote into the head, read back so that the head hydrates as it is.
const styles = document.getElementById(SITE_STYLES_ID)?.textContent;
if (styles) boot.assets.styles = styles;

/** Each module folder's view, a chunk of its own. */
const views = new ClientViews(import.meta.glob<{ default: AnyModuleDefinition }>('../modules/*/index.ts'));

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

/** A new task: the browser paints and answers the visitor between the boot's steps. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

void (async () => {
  // This script is asked for once the server's page has been painted (renderer/entry-server.tsx).
  const modules = boot.initial.page.modules;
  const viewOf = new Map(modules.map((m) => [String(m.record.id), m.record.view]));
  // The modules far from the visible part wait for their hydration (renderer/hydration.tsx).
  const held = planHydration(
    [...viewOf.keys()],
    (id) => views.load([viewOf.get(id)!]),
    () => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, ''),
  );
  // The views of the modules that hydrate now (already on their way: the loader asked for the
  // page's chunks) and the page's dictionary.
  const now = modules.filter((m) => !held.has(String(m.record.id)));
  const [dictionary] = await Promise.all([messages(boot.initial.shell.messagesUrl), views.load(pageViews(now))]);
  // Without its dictionary the page stays as the server sent it: readable, its links and forms plain HTML.
  if (!dictionary) return;
  boot.initial.shell.messages = dictionary;
  // The boot in steps of a few milliseconds each, so that none blocks a phone: the script's evaluation,
  // then the language's formatters (the first Intl formatter of a language loads its locale data,
  // usually already loaded by the head's worker, renderer/intl-warm.ts; the translator is kept per
  // dictionary, and the page's I18nProvider takes this one), then hydration.
  await nextTask();
  translate(boot.initial.shell.lang, dictionary);
  formatPrice(0);
  await nextTask();
  // In a transition: React hydrates in slices of a few milliseconds and lets the browser answer the
  // visitor in between (a click before the end is replayed), instead of one long task per page.
  startTransition(() => {
    hydrateRoot(document, <Root initial={boot.initial} assets={boot.assets} registry={views} />, {
      // A module's own boundary has written its failure to the console already (renderer/module-failure.tsx).
      onCaughtError: (error, info) => void (caughtByModule(info) || console.error(error)),
    });
  });
})();
