import { type Testimonial } from '../../renderer/module-api.ts';
import { Link, useI18n } from '../../renderer/ui.tsx';
import { formatDate } from '../../shared/format.ts';
import type { TestimonialsModule } from '../../schemas/types.gen.ts';
import './testimonials.css';

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

export default function View({ module, data }: { module: TestimonialsModule; data: TestimonialsData }) {
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
