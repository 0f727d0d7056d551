// Scheduled changes in the editor's words (issue 38, point 4): every action, every outcome the
// scheduler notes and every refusal the server answers is said in nl, fr and en from its code —
// never the server's English sentence, never the catch-all for a code the server sends.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../editor/api.ts';
import { actionLabel, outcomeText, refusalText, type ScheduledChange } from '../../editor/schedule-api.ts';
import { tr, type UiLang } from '../../editor/i18n/index.ts';

const LANGS: UiLang[] = ['nl', 'fr', 'en'];
const change = (over: Partial<ScheduledChange>): ScheduledChange => ({
  id: 'c1',
  key: 'page:12',
  action: 'publish',
  at: '2026-12-24T08:00:00.000Z',
  createdBy: 'eva@atrium-immo.be',
  createdByName: 'Eva Peeters',
  createdAt: '2026-12-01T08:00:00.000Z',
  state: 'failed',
  doneAt: '2026-12-24T08:00:05.000Z',
  ...over,
});

describe('scheduled changes in words', () => {
  it('names each action fit for its document', () => {
    for (const l of LANGS)
      for (const key of ['page:12', 'article:x', 'popup', 'banner'])
        for (const action of ['publish', 'unpublish'] as const) expect(actionLabel(key, action, l)).not.toMatch(/^schedule\./);
    expect(actionLabel('popup', 'unpublish', 'fr')).toBe('Désactiver la fenêtre promotionnelle');
    expect(actionLabel('banner', 'unpublish', 'nl')).toBe('De banner van daarvoor terugzetten');
  });

  it('says what happened to a change, for every code the scheduler notes', () => {
    const other = (l: UiLang) => tr('scheduled.outcome.other', undefined, l);
    const failed = [
      'schedule.personGone',
      'schedule.personDisabled',
      'role.admin',
      'publish.problems',
      'doc.trashed',
      'doc.missing',
      'unpublish.system',
      'unpublish.systemConfirm',
      'unpublish.noEarlier',
      'schedule.conflict',
    ];
    for (const l of LANGS)
      for (const code of failed) {
        const text = outcomeText(change({ code, params: code === 'publish.problems' ? { count: 2 } : { who: 'Eva Peeters' } }), l);
        expect(text, `${code} (${l})`).not.toBe(other(l));
      }
    expect(outcomeText(change({ code: 'publish.problems', params: { count: 2 } }), 'fr')).toBe(
      'Pas publié : le brouillon a 2 problèmes à corriger d’abord. Ouvrez-le pour les voir.',
    );
    expect(outcomeText(change({ code: 'role.admin', params: { who: 'Eva Peeters' } }), 'nl')).toBe(
      'Niet uitgevoerd: Eva Peeters mag dit niet meer wijzigen (alleen een beheerder mag dat).',
    );
    expect(outcomeText(change({ code: 'schedule.error', error: 'boom' } as never), 'en')).toBe(other('en'));
    expect(outcomeText(change({ state: 'done', code: 'publish.noDraft' }), 'fr')).toMatch(/^Rien à publier le 24 déc\. 2026, 09:00/);
    expect(outcomeText(change({ state: 'done' }), 'nl')).toBe('Uitgevoerd op 24 dec 2026, 09:00.');
    expect(outcomeText(change({ state: 'cancelled', cancelledBy: 'jan@x.be', cancelledByName: 'Jan' }), 'en')).toMatch(/^Cancelled by Jan on /);
  });

  it('says why the server refused, from its code, never in the server’s English', () => {
    const codes = {
      'schedule.atPast': { minutes: 1 },
      'schedule.atTooFar': { days: 731 },
      'schedule.atFormat': {},
      'schedule.atGap': { time: '2026-03-29T02:30' },
      'schedule.notFor': {},
      'doc.missing': {},
      'doc.trashed': {},
      'role.admin': {},
      'unpublish.system': {},
      'schedule.tooMany': { max: 500 },
      'schedule.tooManyForDoc': { max: 20 },
      'schedule.running': {},
      'schedule.notWaiting': { state: 'done' },
      'schedule.missing': {},
    };
    for (const l of LANGS)
      for (const [code, params] of Object.entries(codes)) {
        const text = refusalText(new ApiError(422, 'An English sentence.', { error: 'An English sentence.', code, params }), l);
        expect(text, `${code} (${l})`).not.toMatch(/English sentence|refused|refusé|weigerde/);
      }
    expect(refusalText(new ApiError(422, 'x', { code: 'schedule.tooManyForDoc', params: { max: 20 } }), 'fr')).toBe(
      'Ceci a déjà 20 changements en attente. Annulez-en un d’abord.',
    );
    expect(refusalText(new ApiError(500, 'API ERROR', { error: 'API ERROR' }), 'nl')).toBe(
      'De server weigerde dit (fout 500). Herlaad de pagina en probeer opnieuw.',
    );
  });
});
