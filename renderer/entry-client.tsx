// The browser entry: hydrates the server-rendered document from the data embedded once in it.
// (Composition root: the one place besides the server entry that imports the module list.)
import { hydrateRoot } from 'react-dom/client';
// The site's styles first: each module's own (imported with it below) come after and refine them.
import './styles/site.css';
import { Root } from './App.tsx';
import { registry } from '../modules/index.ts';
import { INITIAL_DATA_GLOBAL, type InitialData } from './page-data.ts';
import type { Assets } from './App.tsx';

const boot = (window as unknown as Record<string, { initial: InitialData; assets: Assets }>)[INITIAL_DATA_GLOBAL];
hydrateRoot(document, <Root initial={boot.initial} assets={boot.assets} registry={registry} />);
