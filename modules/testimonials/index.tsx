import { defineModule, type Testimonial } from '../../renderer/module-api.ts';
import { useI18n } from '../../renderer/ui.tsx';
import { formatDate } from '../../shared/format.ts';
import type { TestimonialsModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import './testimonials.css';
import { unusedFields } from '../lib/editor-ui.ts';

/** How many testimonials the module shows unless it says. */
export const DEFAULT_MAX = 12;

function View({ data }: { module: TestimonialsModule; data: Testimonial[] }) {
  const { t } = useI18n();
  if (!data.length) return <p className="testimonials__none">{t('testimonials.none')}</p>;
  return (
    <ul className="testimonials">
      {data.map((x) => (
        <li key={x.id} className="testimonial" lang={x.lang}>
          <figure>
            <blockquote>
              <p>{x.comment}</p>
            </blockquote>
            <figcaption>
              {x.image && <img src={x.image} alt="" width={64} height={64} loading="lazy" decoding="async" />}
              <span>
                <strong>
                  {x.url ? (
                    <a href={x.url} rel="nofollow ugc noopener" target="_blank">
                      {x.name}
                    </a>
                  ) : (
                    x.name
                  )}
                </strong>
                {x.about && <span className="testimonial__about">{x.about}</span>}
                <time dateTime={x.date}>{formatDate(x.date)}</time>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

export default defineModule<TestimonialsModule, Testimonial[]>({
  view: 'testimonials',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'numberItemOfRow'),
    maxItems: {
      'ui:description': {
        nl: 'Hoeveel getuigenissen getoond worden, de nieuwste eerst.',
        fr: 'Combien de témoignages sont affichés, les plus récents d’abord.',
        en: 'How many testimonials are shown, the newest first.',
      },
    },
  },
  meta: { title: { nl: 'Getuigenissen', fr: 'Témoignages', en: 'Testimonials' }, icon: 'quote', category: 'content' },
  defaults: { status: 'Published', span: 12, maxItems: DEFAULT_MAX },
  View,
});
