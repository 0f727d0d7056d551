import { Img, Link, MODULE_LIMITS, displayPhone, telHref, useI18n } from '../../renderer/ui.tsx';
import type { OnsTeamViewModule } from '../../schemas/types.gen.ts';
import type { TeamData } from './load.server.ts';
import '../lib/person-card.css';
import './ons-team-view.css';

export default function View({ module, data }: { module: OnsTeamViewModule; data: TeamData }) {
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
