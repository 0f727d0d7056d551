import { defineModule } from '../../renderer/module-api.ts';
import { Img, Link, MODULE_LIMITS, displayPhone, telHref, useI18n } from '../../renderer/ui.tsx';
import type { OnsTeamViewModule } from '../../schemas/types.gen.ts';
import type { TeamData } from './load.server.ts';
import schema from './schema.json';
import '../lib/person-card.css';
import './ons-team-view.css';

function View({ module, data }: { module: OnsTeamViewModule; data: TeamData }) {
  const { t } = useI18n();
  const perRow = module.numberItemOfRow ?? MODULE_LIMITS.team.numberItemOfRow;
  return (
    <ul className="team-grid" style={{ '--per-row': perRow } as React.CSSProperties}>
      {data.members.map((m) => (
        <li key={m.id} className="person-card">
          {m.image && <Img src={m.image.url} alt={m.image.alt} width={400} height={400} className="person-card__photo" />}
          <h3 className="person-card__name">{m.path ? <Link href={m.path}>{m.name}</Link> : m.name}</h3>
          <p className="person-card__role">{m.role}</p>
          {module.showContact !== false && (
            <p className="person-card__contact">
              {m.phone && (
                <Link href={telHref(m.phone)} aria-label={t('team.call', { name: m.name })}>
                  {displayPhone(m.phone)}
                </Link>
              )}
              {m.email && (
                <Link href={`mailto:${m.email}`} aria-label={t('team.email', { name: m.name })}>
                  {m.email}
                </Link>
              )}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

export default defineModule<OnsTeamViewModule, TeamData>({
  view: 'ons-team-view',
  version: 2,
  migrate: {
    // Version 1 called the grid limits `perRow` and `limit`; version 2 uses the shared module fields.
    2: ({ perRow, limit, ...rest }) => ({
      ...rest,
      ...(rest.numberItemOfRow === undefined && perRow !== undefined ? { numberItemOfRow: perRow } : {}),
      ...(rest.maxItems === undefined && limit !== undefined ? { maxItems: limit } : {}),
    }),
  },
  schema,
  uiSchema: {
    showContact: {
      'ui:description': {
        nl: 'Het telefoonnummer en e-mailadres van elke persoon onder de foto.',
        fr: 'Le téléphone et l’adresse e-mail de chaque personne sous sa photo.',
        en: 'Each person’s phone number and e-mail address under their photo.',
      },
    },
  },
  meta: {
    title: { nl: 'Ons team', fr: 'Notre équipe', en: 'Our team' },
    description: { nl: 'Raster van teamleden', fr: "Grille de l'équipe", en: 'Team member grid' },
    icon: 'users',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, relations: [{ type: 'category', id: 'team' }], ...MODULE_LIMITS.team },
  View,
});
