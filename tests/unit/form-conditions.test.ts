// The field-condition evaluator that the browser form and the server's check share (SPEC §5).
import { describe, expect, it } from 'vitest';
import { splitStreet } from '../../shared/valuation.ts';
import {
  activeFields,
  conditionsMet,
  orderedFields,
  settleErrors,
  settleFields,
  unknownOperations,
  type FieldCondition,
} from '../../shared/form-conditions.ts';

const met = (conditions: FieldCondition[], values: Record<string, unknown>, advanced?: string | object) => conditionsMet({ conditions, advanced }, values);

describe('one comparison', () => {
  it.each([
    ['equals', 'phone', { preference: 'phone' }, true],
    ['equals', 'phone', { preference: 'email' }, false],
    ['equals', 'phone', {}, false],
    ['notEquals', 'phone', { preference: 'email' }, true],
    ['notEquals', 'phone', { preference: 'phone' }, false],
    ['notEquals', 'phone', {}, true],
  ] as const)('%s %s with %j: %s', (compare, value, values, expected) => {
    expect(met([{ field: 'preference', compare, value }], values)).toBe(expected);
  });

  it('equals on a list of ticked boxes means "one of them is"', () => {
    expect(met([{ field: 'timeSlots', compare: 'equals', value: '14:00-16:00' }], { timeSlots: ['10:00-13:00', '14:00-16:00'] })).toBe(true);
    expect(met([{ field: 'timeSlots', compare: 'equals', value: '16:00-19:00' }], { timeSlots: ['10:00-13:00'] })).toBe(false);
  });

  it('in: a value from a list (a list or comma-separated), or any ticked box in it', () => {
    expect(met([{ field: 'propertyType', compare: 'in', value: ['1', '2'] }], { propertyType: '2' })).toBe(true);
    expect(met([{ field: 'propertyType', compare: 'in', value: '1, 2' }], { propertyType: '2' })).toBe(true);
    expect(met([{ field: 'propertyType', compare: 'in', value: ['1', '2'] }], { propertyType: '3' })).toBe(false);
    expect(met([{ field: 'propertyType', compare: 'in', value: ['1', '2'] }], {})).toBe(false);
    expect(met([{ field: 'types', compare: 'in', value: ['1', '2'] }], { types: ['5', '1'] })).toBe(true);
  });

  it('empty and notEmpty: nothing, blank text, an unticked box and an empty list are empty', () => {
    for (const v of [undefined, '', false, []]) {
      expect(met([{ field: 'x', compare: 'empty' }], { x: v })).toBe(true);
      expect(met([{ field: 'x', compare: 'notEmpty' }], { x: v })).toBe(false);
    }
    for (const v of ['a', true, ['1'], 0]) expect(met([{ field: 'x', compare: 'notEmpty' }], { x: v })).toBe(true);
  });

  it('gt, gte, lt, lte compare numbers, also typed as text (a decimal comma too)', () => {
    expect(met([{ field: 'bedrooms', compare: 'gt', value: 2 }], { bedrooms: '3' })).toBe(true);
    expect(met([{ field: 'bedrooms', compare: 'gt', value: 3 }], { bedrooms: 3 })).toBe(false);
    expect(met([{ field: 'bedrooms', compare: 'gte', value: 3 }], { bedrooms: 3 })).toBe(true);
    expect(met([{ field: 'budget', compare: 'lt', value: '250000' }], { budget: '249999,5' })).toBe(true);
    expect(met([{ field: 'budget', compare: 'lte', value: 100 }], { budget: 101 })).toBe(false);
  });

  it('a comparison that cannot be made (no number, nothing typed) is not met, whichever way round', () => {
    expect(met([{ field: 'bedrooms', compare: 'gt', value: 2 }], { bedrooms: 'veel' })).toBe(false);
    expect(met([{ field: 'bedrooms', compare: 'lte', value: 2 }], { bedrooms: 'veel' })).toBe(false);
    expect(met([{ field: 'bedrooms', compare: 'lt', value: 2 }], {})).toBe(false);
    expect(met([{ field: 'x', compare: 'sideways' as never, value: 2 }], { x: 1 })).toBe(false);
  });

  it('compareField compares with another field instead of a value', () => {
    const c: FieldCondition = { field: 'maxPrice', compare: 'gt', compareField: 'minPrice' };
    expect(met([c], { minPrice: '200000', maxPrice: '350000' })).toBe(true);
    expect(met([c], { minPrice: '400000', maxPrice: '350000' })).toBe(false);
    expect(met([{ field: 'email', compare: 'equals', compareField: 'receiverEmail' }], { email: 'a@b.be', receiverEmail: 'a@b.be' })).toBe(true);
  });
});

describe('several conditions and advanced rules', () => {
  const phone: FieldCondition = { field: 'preference', compare: 'equals', value: 'phone' };
  const visit: FieldCondition = { field: 'request', compare: 'equals', value: 'visit' };
  it('and / or join each condition to the ones before it, left to right', () => {
    expect(met([phone, { ...visit, logic: 'and' }], { preference: 'phone', request: 'info' })).toBe(false);
    expect(met([phone, { ...visit, logic: 'or' }], { preference: 'email', request: 'visit' })).toBe(true);
    expect(met([phone, { ...visit, logic: 'or' }], { preference: 'email', request: 'info' })).toBe(false);
    // (phone or visit) and newsletter
    const three: FieldCondition[] = [phone, { ...visit, logic: 'or' }, { field: 'newsletter', compare: 'notEmpty', logic: 'and' }];
    expect(met(three, { preference: 'email', request: 'visit', newsletter: true })).toBe(true);
    expect(met(three, { preference: 'email', request: 'visit', newsletter: false })).toBe(false);
  });

  it('an advanced JSON Logic rule must hold as well', () => {
    const rule = { and: [{ '>=': [{ var: 'bedrooms' }, 2] }, { in: [{ var: 'propertyType' }, ['1', '2']] }] };
    expect(met([], { bedrooms: 3, propertyType: '1' }, rule)).toBe(true);
    expect(met([], { bedrooms: 1, propertyType: '1' }, rule)).toBe(false);
    expect(met([phone], { preference: 'email', bedrooms: 3, propertyType: '1' }, rule)).toBe(false);
  });

  it('takes the rule as JSON text, as staff type it in the editor; blank text is no rule', () => {
    expect(met([], { propertyType: '3' }, '{"in": [{"var": "propertyType"}, ["1", "3"]]}')).toBe(true);
    expect(met([], { propertyType: '4' }, '{"in": [{"var": "propertyType"}, ["1", "3"]]}')).toBe(false);
    expect(met([], { propertyType: '4' }, '  ')).toBe(true);
    expect(met([], { propertyType: '3' }, '{"in": [{"var": "propertyType"}, ["1", "3"]]')).toBe(false); // cut short: not met
  });

  it('a broken or forbidden rule is not met, and its operations are named', () => {
    expect(met([], { a: 1 }, { nonsense: [1, 2] })).toBe(false);
    expect(met([], { a: 1 }, { log: [true] })).toBe(false);
    expect(met([], { a: 1 }, { '==': [1, 1], '!=': [1, 2] })).toBe(false);
    expect(unknownOperations({ and: [{ log: 1 }, { '==': [{ var: 'a' }, 1] }, { method: ['x', 'toString'] }] })).toEqual(['log', 'method']);
    expect(unknownOperations({ '==': [{ var: 'a' }, 1] })).toEqual([]);
  });
});

describe('the fields of a kind under settings', () => {
  it('orders the named fields among the places they had, the others keep theirs', () => {
    const names = orderedFields('contact-me', [{ name: 'message' }, { name: 'request' }]).map((f) => f.spec.name);
    expect(names[0]).toBe('message');
    expect(names.at(-2)).toBe('request');
    expect(names.slice(1, -2)).toEqual(['title', 'firstName', 'lastName', 'email', 'phone', 'timeSlots', 'preference']);
  });

  it('hides, requires and conditions fields; a condition sees hidden fields above it as empty; locked fields stay', () => {
    const settings = [
      { name: 'title', required: true },
      { name: 'phone', required: false },
      { name: 'preference', show: false },
      { name: 'timeSlots', conditions: [{ field: 'preference', compare: 'equals' as const, value: 'phone' }] },
      { name: 'email', show: false, required: false },
    ];
    const state = (values: Record<string, unknown>) =>
      Object.fromEntries(
        activeFields('contact-me', settings, values).map((f) => [f.spec.name, `${f.shown ? 'shown' : 'hidden'}${f.required ? ' required' : ''}`]),
      );
    const s = state({ preference: 'phone' });
    expect(s).toMatchObject({ title: 'shown required', phone: 'shown', preference: 'hidden', timeSlots: 'hidden', email: 'shown required' });
  });

  it('drops what a hidden field carries, and corrects the schema errors for what the settings require', () => {
    const settings = [
      { name: 'timeSlots', conditions: [{ field: 'preference', compare: 'equals' as const, value: 'phone' }] },
      { name: 'phone', required: false },
      { name: 'title', required: true },
    ];
    const fields: Record<string, unknown> = { preference: 'email', timeSlots: ['10:00-13:00'], phone: '', firstName: 'Luc' };
    const active = settleFields('contact-me', settings, fields);
    expect(fields).toEqual({ preference: 'email', firstName: 'Luc' });
    const ajv = [
      { instancePath: '', keyword: 'required', params: { missingProperty: 'phone' } },
      { instancePath: '', keyword: 'required', params: { missingProperty: 'email' } },
    ];
    const missing = settleErrors(active, fields, ajv).map((e) => e.params.missingProperty);
    expect(missing).toContain('email');
    expect(missing).toContain('title');
    expect(missing).not.toContain('phone');
    expect(missing).not.toContain('timeSlots');
  });
});

describe('an address typed in one field, split for the valuation request', () => {
  it.each([
    ['Rue Royale Sainte-Marie 12', 'Rue Royale Sainte-Marie', '12'],
    ['Kerkstraat 7A', 'Kerkstraat', '7A'],
    ['Dorpsstraat 12 bus 3', 'Dorpsstraat', '12 bus 3'],
    ['Avenue Louise, 231', 'Avenue Louise', '231'],
    ['Chaussée de Waterloo 1120/4', 'Chaussée de Waterloo', '1120/4'],
    ['Rue du 11 Novembre', 'Rue du 11 Novembre', undefined],
    ['Grote Markt', 'Grote Markt', undefined],
  ])('%s', (address, street, houseNumber) => {
    expect(splitStreet(address)).toEqual(houseNumber ? { street, houseNumber } : { street });
  });
});
