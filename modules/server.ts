/**
 * The server's registry: the module types of `modules/index.ts` with the server-side loaders of
 * their folders (`modules/{type}/load.server.ts`, found here, nothing to register by hand).
 * Imported by the server entry only (renderer/entry-server.tsx): no loader, nor anything a loader
 * imports, reaches the browser (the build refuses a `*.server.ts` in the client bundle).
 */
import { ModuleRegistry, type AnyModuleLoader } from '../renderer/module-api.ts';
import { modules } from './index.ts';

const loaders = import.meta.glob<AnyModuleLoader>('./*/load.server.ts', { eager: true, import: 'default' });

export const registry = new ModuleRegistry(modules, Object.values(loaders));
