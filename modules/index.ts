/**
 * The one list of registered module types. Adding a module type = one folder + one line here.
 */
import { ModuleRegistry } from '../renderer/module-api.ts';
import singleView from './single-view/index.tsx';
import listView from './list-view/index.tsx';
import newsView from './news-view/index.tsx';
import onsTeamView from './ons-team-view/index.tsx';
import siteSearch from './site-search/index.tsx';

export const registry = new ModuleRegistry([singleView, listView, newsView, onsTeamView, siteSearch]);
