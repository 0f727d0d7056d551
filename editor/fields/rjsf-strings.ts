/**
 * The words the form library (RJSF) writes itself — "Remove data for optional field", "Item",
 * "Yes" — in the editor's language (issue 38, point 6). Its messages for developers (a schema it
 * cannot draw) become one plain sentence.
 */
import { TranslatableString } from '@rjsf/utils';
import { tr, type MessageKey, type UiLang } from '../i18n/index.ts';

const KEYS: Partial<Record<TranslatableString, MessageKey>> = {
  [TranslatableString.ArrayItemTitle]: 'rjsf.item',
  [TranslatableString.EmptyArray]: 'rjsf.emptyArray',
  [TranslatableString.YesLabel]: 'rjsf.yes',
  [TranslatableString.NoLabel]: 'rjsf.no',
  [TranslatableString.CloseLabel]: 'common.close',
  [TranslatableString.ErrorsLabel]: 'rjsf.errors',
  [TranslatableString.NewStringDefault]: 'rjsf.newValue',
  [TranslatableString.AddButton]: 'form.add',
  [TranslatableString.AddItemButton]: 'form.addItem',
  [TranslatableString.CopyButton]: 'form.copy',
  [TranslatableString.MoveDownButton]: 'form.moveDown',
  [TranslatableString.MoveUpButton]: 'form.moveUp',
  [TranslatableString.RemoveButton]: 'form.remove',
  [TranslatableString.ClearLabel]: 'form.clear',
  [TranslatableString.ClearButton]: 'form.clear',
  [TranslatableString.NowLabel]: 'rjsf.now',
  [TranslatableString.AriaDateLabel]: 'rjsf.chooseDate',
  [TranslatableString.PreviewLabel]: 'rjsf.preview',
  [TranslatableString.DecrementAriaLabel]: 'rjsf.less',
  [TranslatableString.IncrementAriaLabel]: 'rjsf.more',
  [TranslatableString.OptionalObjectAdd]: 'rjsf.optionalAdd',
  [TranslatableString.OptionalObjectRemove]: 'rjsf.optionalRemove',
  [TranslatableString.OptionalObjectEmptyMsg]: 'rjsf.optionalEmpty',
  [TranslatableString.Type]: 'rjsf.type',
  [TranslatableString.Value]: 'rjsf.value',
  [TranslatableString.OptionPrefix]: 'rjsf.option',
  [TranslatableString.TitleOptionPrefix]: 'rjsf.titleOption',
  [TranslatableString.KeyLabel]: 'rjsf.key',
  [TranslatableString.DeprecatedLabel]: 'rjsf.deprecated',
};

/** RJSF's `translateString` for the editor's language. */
export function rjsfStrings(ui: UiLang) {
  return (s: TranslatableString, params?: string[]): string => {
    const key = KEYS[s] ?? 'rjsf.cannotShow';
    return tr(key, { p1: params?.[0] ?? '', p2: params?.[1] ?? '' }, ui);
  };
}
