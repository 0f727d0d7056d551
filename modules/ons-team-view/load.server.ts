import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { MODULE_LIMITS } from '../../shared/constants.ts';
import type { OnsTeamViewModule } from '../../schemas/types.gen.ts';
import { published, relatedCategory, toPerson, type PersonCard } from '../lib/articles.ts';
import onsTeamView from './index.ts';

export interface TeamData {
  members: PersonCard[];
}

function load(module: OnsTeamViewModule, ctx: LoadContext): TeamData {
  const max = module.maxItems ?? MODULE_LIMITS.team.maxItems;
  return {
    members: published(ctx, relatedCategory(module.relations, 'team'))
      .slice(0, max)
      .map((a) => toPerson(a, ctx)),
  };
}

export default defineLoader(onsTeamView, load);
