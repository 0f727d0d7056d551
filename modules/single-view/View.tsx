import { Heading, Html, Img, Link, displayPhone, telHref, useI18n } from '../../renderer/ui.tsx';
import type { SingleViewModule } from '../../schemas/types.gen.ts';
import type { SingleViewData } from './load.server.ts';
import '../lib/person-card.css';
import './single-view.css';

export default function View({ module, data }: { module: SingleViewModule; data: SingleViewData | null }) {
  const { t, formatDate } = useI18n();
  if (!data) return null;
  const isPage = !module.relations?.length; // the article of the path: its own page
  const person = data.person;
  return (
    <article className={`article article--${data.category}${isPage ? ' article--page' : ''}`}>
      {(module.showArticleTitle || isPage) && (
        <Heading level={isPage ? 'h1' : 'h2'} className="article__title">
          {data.title}
        </Heading>
      )}
      {person && (
        <div className="person-card person-card--large">
          {data.image && <Img src={data.image.url} alt={data.image.alt} width={400} height={400} className="person-card__photo" eager />}
          <div>
            <p className="person-card__role">{person.role}</p>
            {person.phone && (
              <p>
                <Link href={telHref(person.phone)}>{displayPhone(person.phone)}</Link>
              </p>
            )}
            {person.email && (
              <p>
                <Link href={`mailto:${person.email}`}>{person.email}</Link>
              </p>
            )}
            {person.languages.length > 0 && <p>{t('team.languages', { languages: person.languages.map((l) => t(`lang.${l}`)).join(', ') })}</p>}
          </div>
        </div>
      )}
      {(module.showDate || isPage) && data.date && data.category === 'blog' && (
        <p className="article__meta">
          {t('blog.published', { date: formatDate(data.date) })}
          {data.author && (
            <>
              {' · '}
              {data.author.path ? <Link href={data.author.path}>{t('blog.by', { name: data.author.name })}</Link> : t('blog.by', { name: data.author.name })}
            </>
          )}
        </p>
      )}
      {(module.showImage || isPage) && data.image && !person && (
        <Img src={data.image.url} alt={data.image.alt} width={800} height={450} className="article__image" eager={isPage} />
      )}
      <Html html={data.html} className="article__body" eagerFirstImage={isPage && !data.image} />
      {data.articles && data.articles.length > 0 && (
        <section className="article__related">
          <h2>{t('team.articlesBy', { name: data.title })}</h2>
          <ul>
            {data.articles.map((a) => (
              <li key={a.id}>{a.path ? <Link href={a.path}>{a.title}</Link> : a.title}</li>
            ))}
          </ul>
        </section>
      )}
      {data.section && (
        <p className="article__back">
          <Link href={data.section.path}>{t('article.back', { section: data.section.title })}</Link>
        </p>
      )}
    </article>
  );
}
