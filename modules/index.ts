/**
 * The one list of registered module types. `npm run new:module -- NAME` adds a folder and its line here.
 * This registry has the views (browser and server alike); the server's adds the loaders found in
 * the folders (`modules/server.ts`).
 */
import { ModuleRegistry } from '../renderer/module-api.ts';
import singleView from './single-view/index.ts';
import listView from './list-view/index.ts';
import newsView from './news-view/index.ts';
import onsTeamView from './ons-team-view/index.ts';
import siteSearch from './site-search/index.ts';
import propertyList from './property-list/index.ts';
import propertyDetail from './property-detail/index.ts';
import homeBlocks from './home-blocks/index.ts';
import projectList from './project-list/index.ts';
import projectDetail from './project-detail/index.ts';
import cookieList from './cookie-list/index.ts';
import contact from './contact/index.ts';
import testimonials from './testimonials/index.ts';
import ownerPortal from './owner-portal/index.ts';
import renovationCalculator from './renovation-calculator/index.ts';
import onlineValuation from './online-valuation/index.ts';
import buyingCosts from './buying-costs/index.ts';
import text from './text/index.ts';
import favourites from './favourites/index.ts';
import propertyCompare from './property-compare/index.ts';
import recentlyViewed from './recently-viewed/index.ts';

export const modules = [
  singleView,
  listView,
  newsView,
  onsTeamView,
  siteSearch,
  propertyList,
  propertyDetail,
  homeBlocks,
  projectList,
  projectDetail,
  cookieList,
  contact,
  testimonials,
  ownerPortal,
  renovationCalculator,
  onlineValuation,
  buyingCosts,
  text,
  favourites,
  propertyCompare,
  recentlyViewed,
];

export const registry = new ModuleRegistry(modules);
