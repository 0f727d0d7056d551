/**
 * The one list of registered module types. Adding a module type = one folder + one line here.
 * This registry has the views (browser and server alike); the server's adds the loaders found in
 * the folders (`modules/server.ts`).
 */
import { ModuleRegistry } from '../renderer/module-api.ts';
import singleView from './single-view/index.tsx';
import listView from './list-view/index.tsx';
import newsView from './news-view/index.tsx';
import onsTeamView from './ons-team-view/index.tsx';
import siteSearch from './site-search/index.tsx';
import propertyList from './property-list/index.tsx';
import propertyDetail from './property-detail/index.tsx';
import homeBlocks from './home-blocks/index.tsx';
import projectList from './project-list/index.tsx';
import projectDetail from './project-detail/index.tsx';
import cookieList from './cookie-list/index.tsx';
import contact from './contact/index.tsx';
import testimonials from './testimonials/index.tsx';
import ownerPortal from './owner-portal/index.tsx';
import renovationCalculator from './renovation-calculator/index.tsx';
import onlineValuation from './online-valuation/index.tsx';
import buyingCosts from './buying-costs/index.tsx';
import text from './text/index.tsx';
import favourites from './favourites/index.tsx';
import propertyCompare from './property-compare/index.tsx';
import recentlyViewed from './recently-viewed/index.tsx';

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
