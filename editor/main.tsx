/**
 * The staff editor's client entry (a Vite input of its own: public pages never load it). It mounts
 * into #vitrine-editor; the shell, the login and every screen come from App.tsx and its chunks.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';
import { loadCatalogue, useUiLang } from './i18n/index.ts';
import './editor.css';
import './editing.css';
import './shell.css';
import './phone.css';

// The editor's language's texts come first (a chunk of their own; English is in this one).
void loadCatalogue(useUiLang.getState().lang)
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('vitrine-editor')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
