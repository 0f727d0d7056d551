/**
 * The cost of an advanced form condition (JSON Logic, issue 40 point 1): bounded when staff save it
 * (its size, its nesting, the length of the lists written in it) and when it runs (a step budget:
 * a rule that needs more counts as not met, also one stored before these limits existed). The
 * browser's form and the server run the same budget.
 */
import jsonLogic, { type RulesLogic } from 'json-logic-js';

/** The rule's JSON text, at most this many characters (as the editor's field allows). */
export const RULE_MAX_CHARS = 2000;
/** At most this many parts (operations, values, list items) in one rule. */
export const RULE_MAX_NODES = 150;
/** Operations nested at most this deep ({"and": [{"in": [{"var": …}]}]} is 3). */
export const RULE_MAX_DEPTH = 8;
/** A list written in the rule has at most this many items. */
export const RULE_MAX_LIST = 50;
/** Steps one rule may take when it runs (each operation or value visited, also inside map, filter, reduce, all, some, none): a rule staff write takes tens. */
export const RULE_STEP_BUDGET = 2_000;
/** Steps all the rules of one form may take together for one check (a form has at most a few dozen fields). */
export const FORM_STEP_BUDGET = 10_000;
/** A text or list a step makes costs one more step per this many characters or items (a rule cannot double a text for free). */
const ITEMS_PER_STEP = 100;

export type RuleSizeProblem =
  | { code: 'form.rule.size'; params: { count: number; max: number }; message: string }
  | { code: 'form.rule.chars'; params: { count: number; max: number }; message: string }
  | { code: 'form.rule.depth'; params: { count: number; max: number }; message: string }
  | { code: 'form.rule.list'; params: { count: number; max: number }; message: string };

/** What makes a rule too big to be saved (empty: it may be saved). `text` is its JSON as staff typed it. */
export function ruleSizeProblems(rule: unknown, text: string = JSON.stringify(rule) ?? ''): RuleSizeProblem[] {
  const out: RuleSizeProblem[] = [];
  if (text.length > RULE_MAX_CHARS)
    out.push({
      code: 'form.rule.chars',
      params: { count: text.length, max: RULE_MAX_CHARS },
      message: `is ${text.length} characters long; a rule may have at most ${RULE_MAX_CHARS}`,
    });
  let nodes = 0;
  let depth = 0;
  let list = 0;
  // Walked with a stack of its own (a deep rule cannot overflow the call stack).
  const stack: Array<{ v: unknown; ops: number }> = [{ v: rule, ops: 0 }];
  while (stack.length) {
    const { v, ops } = stack.pop()!;
    nodes++;
    if (nodes > 100_000) break; // far past the limit: the count said enough
    if (Array.isArray(v)) {
      list = Math.max(list, v.length);
      for (const x of v) stack.push({ v: x, ops });
    } else if (v !== null && typeof v === 'object') {
      depth = Math.max(depth, ops + 1);
      for (const x of Object.values(v)) stack.push({ v: x, ops: ops + 1 });
    }
  }
  if (nodes > RULE_MAX_NODES)
    out.push({
      code: 'form.rule.size',
      params: { count: nodes, max: RULE_MAX_NODES },
      message: `has ${nodes} parts; a rule may have at most ${RULE_MAX_NODES}`,
    });
  if (depth > RULE_MAX_DEPTH)
    out.push({
      code: 'form.rule.depth',
      params: { count: depth, max: RULE_MAX_DEPTH },
      message: `nests operations ${depth} deep; a rule may nest them at most ${RULE_MAX_DEPTH} deep`,
    });
  if (list > RULE_MAX_LIST)
    out.push({
      code: 'form.rule.list',
      params: { count: list, max: RULE_MAX_LIST },
      message: `has a list of ${list} items; a list in a rule may have at most ${RULE_MAX_LIST}`,
    });
  return out;
}

/** Steps left for the rules of one check (one form's fields share it). */
export interface StepMeter {
  left: number;
}

/** A rule asked for more steps than it may take. */
export class RuleBudgetExceeded extends Error {
  constructor(readonly steps: number) {
    super(`the rule took more than ${steps} steps`);
  }
}

const plainApply = jsonLogic.apply;

/**
 * Runs a rule, counting each step (each call of json-logic-js's `apply`, which its operations make
 * for every value they visit, the items of map, filter, reduce, all, some and none included; a
 * text or list made costs by its length too). Past `budget` steps it throws RuleBudgetExceeded.
 * The count runs synchronously, by swapping json-logic-js's `apply` for the call's duration.
 */
export function applyWithinBudget(rule: unknown, values: Record<string, unknown>, budget: number = RULE_STEP_BUDGET): { value: unknown; steps: number } {
  let steps = 0;
  const charge = (n: number) => {
    steps += n;
    if (steps > budget) throw new RuleBudgetExceeded(budget);
  };
  jsonLogic.apply = function metered(logic: RulesLogic, data?: unknown) {
    charge(1);
    const out: unknown = plainApply.call(jsonLogic, logic, data);
    if (typeof out === 'string' || Array.isArray(out)) charge(Math.floor(out.length / ITEMS_PER_STEP));
    return out;
  } as typeof jsonLogic.apply;
  try {
    const value: unknown = jsonLogic.apply(rule as RulesLogic, values);
    return { value, steps };
  } finally {
    jsonLogic.apply = plainApply;
  }
}
