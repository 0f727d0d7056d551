import { defineModule, type Testimonial } from '../../renderer/module-api.ts';
import { Link, useI18n } from '../../renderer/ui.tsx';
import { formatDate } from '../../shared/format.ts';
import type { TestimonialsModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import './testimonials.css';
import { unusedFields } from '../lib/editor-ui.ts';

/** How many testimonials the module shows unless it says. */
export const DEFAULT_MAX = 12;

/** The testimonials to show and, for the quotes on home, the page that lists them all. */
export interface TestimonialsData {
  items: Testimonial[];
  more?: { path: string; title: string };
}

/** Home's variant: the newest as short quotes, each in the language it was written in, and a link to them all. */
function Quotes({ data }: { data: TestimonialsData }) {
  const { t } = useI18n();
  return (
    <div className="testimonial-quotes">
      <ul className="testimonial-quotes__list">
        {data.items.map((x) => (
          <li key={x.id} lang={x.lang}>
            <figure>
              <blockquote>
                <p>“{x.comment}”</p>
              </blockquote>
              <figcaption>
                <strong>{x.name}</strong>
                {x.about && <span>, {x.about}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {data.more && (
        <p className="testimonial-quotes__more">
          <Link href={data.more.path} className="button button--ghost">
            {t('testimonials.all')}
          </Link>
        </p>
      )}
    </div>
  );
}

function View({ module, data }: { module: TestimonialsModule; data: TestimonialsData }) {
  const { t } = useI18n();
  if (module.variant === 'quotes') return <Quotes data={data} />;
  if (!data.items.length) return <p className="testimonials__none">{t('testimonials.none')}</p>;
  return (
    <ul className="testimonials">
      {data.items.map((x) => (
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

export default defineModule<TestimonialsModule, TestimonialsData>({
  view: 'testimonials',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'numberItemOfRow'),
    variant: {
      'ui:description': {
        nl: 'Lijst: elke getuigenis met foto en datum (de pagina Getuigenissen). Citaten: de nieuwste als korte citaten, met een link naar de pagina die ze allemaal toont (home).',
        fr: 'Liste : chaque témoignage avec photo et date (la page Témoignages). Citations : les plus récents en courtes citations, avec un lien vers la page qui les montre tous (accueil).',
        en: 'List: every testimonial with its photo and date (the testimonials page). Quotes: the newest as short quotes, with a link to the page that shows them all (home).',
      },
    },
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
