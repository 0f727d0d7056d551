// The cost of an advanced form condition is bounded (issue 40, point 1). The audit's probe: an
// editor saved a rule of `reduce` nested three deep over literal 200-item arrays (1,282 characters
// here, within the 2,000 the field allows); every post and render of its form then ran 8 million
// steps and held the event loop 6.5 s. Now the rule is refused when saved, and one stored before
// (or written straight into a file) stops at its step budget and counts as not met.
import { describe, expect, it } from 'vitest';
import {
  applyWithinBudget,
  FORM_STEP_BUDGET,
  RULE_MAX_DEPTH,
  RULE_MAX_LIST,
  RULE_MAX_NODES,
  RULE_STEP_BUDGET,
  RuleBudgetExceeded,
  ruleSizeProblems,
} from '../../shared/rule-cost.ts';
import { activeFields, conditionsMet, fieldSettingsProblems } from '../../shared/form-conditions.ts';
import { problemMessage } from '../../editor/problem-text.ts';

const list = (n: number) => Array<number>(n).fill(0);
const count = (over: number[], body: unknown) => ({ reduce: [over, body, 0] });
/** The audit's rule: reduce in reduce in reduce, each over a literal list of 200 items. */
export const hostileRule = count(list(200), count(list(200), count(list(200), { '+': [{ var: 'accumulator' }, 1] })));
const hostileText = JSON.stringify(hostileRule);

describe('when saved', () => {
  it('refuses the audit rule: its lists and its size are past the limits, each said with its figures', () => {
    expect(hostileText.length).toBe(1282);
    expect(ruleSizeProblems(hostileRule, hostileText)).toEqual([
      expect.objectContaining({ code: 'form.rule.size', params: { count: 617, max: RULE_MAX_NODES } }),
      expect.objectContaining({
        code: 'form.rule.list',
        params: { count: 200, max: RULE_MAX_LIST },
        message: `has a list of 200 items; a list in a rule may have at most ${RULE_MAX_LIST}`,
      }),
    ]);
  });

  it('refuses a rule nested deeper than the limit, and one longer than 2,000 characters', () => {
    let deep: unknown = { var: 'preference' };
    for (let i = 0; i < RULE_MAX_DEPTH; i++) deep = { '!': [deep] };
    expect(ruleSizeProblems(deep).map((p) => [p.code, p.params.count])).toEqual([['form.rule.depth', RULE_MAX_DEPTH + 1]]);
    const long = `{"in": [{"var": "preference"}, ["${'x'.repeat(2000)}"]]}`;
    expect(ruleSizeProblems(JSON.parse(long), long).map((p) => p.code)).toEqual(['form.rule.chars']);
  });

  it('keeps the rules staff write: a list of choices, a few comparisons', () => {
    const rule = { and: [{ in: [{ var: 'propertyType' }, ['1', '2', '3']] }, { '>': [{ var: 'bedrooms' }, 2] }, { '!': [{ var: 'newsletter' }] }] };
    expect(ruleSizeProblems(rule)).toEqual([]);
    expect(ruleSizeProblems({ in: [{ var: 'zip' }, list(RULE_MAX_LIST).map(String)] })).toEqual([]);
  });

  it('is said in the editor’s language', () => {
    const [size, tooLong] = ruleSizeProblems(hostileRule, hostileText);
    expect(problemMessage(tooLong, 'nl')).toBe(`heeft een lijst van 200 items: een lijst in een regel mag er hoogstens ${RULE_MAX_LIST} hebben`);
    expect(problemMessage(tooLong, 'fr')).toBe(`contient une liste de 200 éléments : une liste dans une règle peut en avoir ${RULE_MAX_LIST} au plus`);
    expect(problemMessage(size, 'en')).toMatch(/^has 617 parts \(operations, values, list items\): a rule may have at most 150/);
  });

  it('names the field the rule belongs to, for the editor and the config check', () => {
    const problems = fieldSettingsProblems('contact-me', [{ name: 'timeSlots', advanced: hostileText }]);
    expect(problems.map((p) => [p.pointer, p.code])).toEqual([
      ['/fields/0/advanced', 'form.rule.size'],
      ['/fields/0/advanced', 'form.rule.list'],
    ]);
  });
});

describe('when it runs', () => {
  it('stops the audit rule (stored before the limits) at its budget: not met, after at most the budget of steps', () => {
    let steps = 0;
    try {
      applyWithinBudget(hostileRule, {});
    } catch (e) {
      expect(e).toBeInstanceOf(RuleBudgetExceeded);
      steps = (e as RuleBudgetExceeded).steps;
    }
    expect(steps).toBe(RULE_STEP_BUDGET);
    expect(conditionsMet({ advanced: hostileText }, {})).toBe(false);
    // In a form: the field stays hidden, the form's other fields as they were.
    const fields = activeFields('contact-me', [{ name: 'timeSlots', advanced: hostileText }], { preference: 'phone' });
    expect(fields.find((f) => f.spec.name === 'timeSlots')?.shown).toBe(false);
    expect(fields.find((f) => f.spec.name === 'phone')?.shown).toBe(true);
  });

  it('counts the steps inside map, filter, reduce, all, some and none, and what a text or list made costs', () => {
    const twice = { map: [list(10), { '*': [{ var: '' }, 2] }] };
    const run = applyWithinBudget(twice, {});
    expect(run.value).toEqual(list(10));
    expect(run.steps).toBeGreaterThan(20); // the list's items and each item's operation
    const inner = count(list(50), count(list(50), 1)); // 1, after some 5,000 steps (more than a rule may take)
    // Each goes on through all its items: some and none while the answer is false, all and filter while true.
    for (const op of ['filter', 'all', 'some', 'none'])
      expect(() => applyWithinBudget({ [op]: [list(50), op === 'some' || op === 'none' ? { '!': [inner] } : inner] }, {})).toThrow(RuleBudgetExceeded);
    // A text doubled at each step would need a gigabyte after 30: stopped long before.
    const doubling = { reduce: [list(40), { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'ab'] };
    expect(() => applyWithinBudget(doubling, {})).toThrow(RuleBudgetExceeded);
  });

  it('shares one budget among the rules of a form: past it, the remaining rules are not met', () => {
    const rule = count(list(20), count(list(20), 1)); // true, in fewer steps than one rule may take
    const cost = applyWithinBudget(rule, {}).steps;
    expect(cost).toBeLessThan(RULE_STEP_BUDGET);
    const fit = Math.floor(FORM_STEP_BUDGET / cost);
    const meter = { left: FORM_STEP_BUDGET };
    const met = Array.from({ length: fit + 2 }, () => conditionsMet({ advanced: JSON.stringify(rule) }, {}, meter));
    expect(met).toEqual([...Array(fit).fill(true), false, false]);
    expect(meter.left).toBe(0);
  });

  it('leaves a rule within its budget its answer', () => {
    expect(conditionsMet({ advanced: '{"in": [{"var": "propertyType"}, ["1", "3"]]}' }, { propertyType: '3' })).toBe(true);
    expect(conditionsMet({ advanced: '{"in": [{"var": "propertyType"}, ["1", "3"]]}' }, { propertyType: '2' })).toBe(false);
  });
});
