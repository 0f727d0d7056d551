import { defineModule } from '../../renderer/module-api.ts';
import { Heading, Html, Img, Link, displayPhone, telHref, useI18n } from '../../renderer/ui.tsx';
import type { SingleViewModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import type { SingleViewData } from './load.server.ts';
import '../lib/person-card.css';
import './single-view.css';
import { unusedFields } from '../lib/editor-ui.ts';

function View({ module, data }: { module: SingleViewModule; data: SingleViewData | null }) {
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

export default defineModule<SingleViewModule, SingleViewData | null>({
  view: 'single-view',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('maxItems', 'numberItemOfRow'),
    showArticleTitle: {
      'ui:description': {
        nl: 'De titel van het artikel als kop boven de tekst.',
        fr: 'Le titre de l’article en tête du texte.',
        en: 'The article’s title as a heading above its text.',
      },
    },
    showImage: {
      'ui:description': {
        nl: 'De afbeelding van het artikel boven de tekst.',
        fr: 'L’image de l’article au-dessus du texte.',
        en: 'The article’s picture above its text.',
      },
    },
    showDate: {
      'ui:description': {
        nl: 'De publicatiedatum van het artikel onder de titel.',
        fr: 'La date de publication de l’article sous le titre.',
        en: 'The article’s publication date under its title.',
      },
    },
    relations: {
      'ui:description': {
        nl: 'Het artikel dat getoond wordt; leeg laten op een artikelpagina (die toont haar eigen artikel).',
        fr: 'L’article à afficher ; à laisser vide sur une page d’article (elle affiche son propre article).',
        en: 'The article to show; leave empty on article pages (they show their own article).',
      },
    },
  },
  meta: {
    title: { nl: 'Artikel', fr: 'Article', en: 'Article' },
    description: { nl: 'Eén artikel', fr: 'Un article', en: 'One article' },
    icon: 'file-text',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, relations: [] },
  View,
});
