import { Html, localize } from '../../renderer/ui.tsx';
import type { TextModule } from '../../schemas/types.gen.ts';
import './text.css';

export default function View({ module, lang }: { module: TextModule; lang: import('../../shared/constants.ts').Lang }) {
  const html = localize(module.body, lang);
  return html ? <Html html={html} className="text-module" /> : null;
}
