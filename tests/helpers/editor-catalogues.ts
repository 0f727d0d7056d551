// The unit tests speak the editor's three languages at once: its French and Dutch catalogues, which
// the browser loads as chunks of their own when it needs them (editor/i18n/index.ts), are loaded first.
import { loadCatalogues } from '../../editor/i18n/index.ts';

await loadCatalogues();
