/**
 * The page's own inline scripts, each a fixed text (issue 40, point 7). What differs from page to
 * page (the loader's files and modules, the Intl worker's address and language) rides beside them
 * as data (a JSON block, data attributes) that the browser never runs. So the Content-Security-
 * Policy names these texts' hashes, worked out once from this list (server/http/security.ts), and
 * never a hash taken from a rendered page: a script that an injection bug puts into a page's
 * content runs nowhere.
 */
import { consentDefaults } from './consent/consent.ts';
import { consentBootstrap } from './consent/tags.ts';
import { FAR_ABOVE_SCREENS, FAR_BELOW_SCREENS } from './hydration.tsx';

/** Consent Mode defaults, before any tag can exist: denied, waiting 500 ms for the choice. */
export const CONSENT_SCRIPT = consentBootstrap(consentDefaults());

/** Starts the Intl worker named on its own element (`data-src`, `data-locale`): renderer/intl-warm.ts. */
export const INTL_WARM_SCRIPT = "try{var s=document.currentScript;new Worker(s.getAttribute('data-src'),{name:s.getAttribute('data-locale')})}catch(e){}";

/** How long the loader waits for the page's largest picture before it asks for the scripts anyway. */
export const LCP_WAIT_MS = 2500;

/**
 * The loader of the browser's part (renderer/entry-server.tsx says when it asks for what). Its
 * files and the page's modules are the JSON block just before it.
 */
export const LOADER_SCRIPT =
  `(function(f){var d=document,q=[['link',{rel:'preload',href:f.messages,as:'fetch',crossorigin:'anonymous'}],['script',{type:'module',src:f.js}]],s={};` +
  `function add(u){if(!s[u]){s[u]=1;q.push(['link',{rel:'modulepreload',href:u}])}}f.chunks.forEach(add);` +
  `function near(id){var e=d.querySelector('section[data-module-id="'+CSS.escape(id)+'"]'),h=innerHeight,r;if(!e)return true;r=e.getBoundingClientRect();return!(r.top>${FAR_BELOW_SCREENS}*h||r.bottom<-${FAR_ABOVE_SCREENS}*h)}` +
  `var c=new MessageChannel();c.port1.onmessage=function(){var x=q.shift(),e=d.createElement(x[0]);for(var k in x[1])e.setAttribute(k,x[1][k]);d.body.appendChild(e);if(q.length)c.port2.postMessage(0)};` +
  `function ask(all){f.modules.forEach(function(m){if(all||near(m[0]))(f.views[m[1]]||[]).forEach(add)});c.port2.postMessage(0)}function painted(){requestAnimationFrame(function(){setTimeout(ask,0)})}` +
  `var i=d.querySelector('img[fetchpriority=high]'),w=0;function once(){if(!w){w=1;painted()}}` +
  `if(d.visibilityState==='hidden')ask(1);else if(i&&!i.complete){i.addEventListener('load',once);i.addEventListener('error',once);setTimeout(once,${LCP_WAIT_MS})}else painted()})` +
  `(JSON.parse(document.currentScript.previousElementSibling.textContent))`;

/** Every inline script a public page may hold: the policy allows these texts and no other. */
export const OWN_INLINE_SCRIPTS: readonly string[] = [CONSENT_SCRIPT, INTL_WARM_SCRIPT, LOADER_SCRIPT];
