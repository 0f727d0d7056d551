// SSR throughput of the built server: requests per second for the home page and the blog list,
// rendered on every request (page cache off) and from the page cache, beside the same server
// answering a prebuilt HTML string of the home page (the baseline of the ratios).
import { benchServer, load, PREBUILT } from './server.mjs';

export async function benchSsr({ root, seconds = 8 }) {
  const uncached = await benchServer({ root, pageCache: false });
  const cached = await benchServer({ root, pageCache: true });
  await uncached.prebuild('/nl/');
  const opts = { seconds };
  await load('warm-up', `${uncached.url}/nl/`, opts);
  const rows = [
    await load('prebuilt HTML string', uncached.url + PREBUILT, opts),
    await load('SSR /nl/', `${uncached.url}/nl/`, opts),
    await load('SSR /nl/immo-blog/', `${uncached.url}/nl/immo-blog/`, opts),
    await load('cached /nl/', `${cached.url}/nl/`, opts),
    await load('cached /nl/immo-blog/', `${cached.url}/nl/immo-blog/`, opts),
  ];
  uncached.close();
  cached.close();
  return rows;
}
