/**
 * Modules made to fail, for tests only (issue 41, point 1): in this test process the registry's Text
 * module throws while rendering when its record's `class` names `test-fails-render` (after part of
 * it has rendered), and gets a loader that throws when it names `test-fails-load`. Nothing here
 * reaches the shipped registry: it changes the in-memory registry of the test's own process.
 */
import { createElement, Fragment } from 'react';
import { registry } from '../../modules/server.ts';
import type { AnyModuleDefinition, AnyModuleLoader } from '../../renderer/module-api.ts';

export const FAILS_RENDER = 'test-fails-render';
export const FAILS_LOAD = 'test-fails-load';
/** Text the failing view writes before it throws: never in a page sent. */
export const HALF_RENDERED = 'Half-rendered by the failing module';

let done = false;
export function makeModulesFail(): void {
  if (done) return;
  done = true;
  const def = registry.get('text') as AnyModuleDefinition & { View: (p: { module: { class?: string } }) => unknown };
  const View = def.View;
  const Boom = () => {
    throw new Error('the test module failed to render');
  };
  def.View = ((props: { module: { class?: string } }) =>
    props.module.class?.includes(FAILS_RENDER)
      ? createElement(Fragment, null, createElement('p', null, HALF_RENDERED), createElement(Boom))
      : createElement(View as never, props as never)) as never;
  const loaders = (registry as unknown as { loaders: Map<string, AnyModuleLoader> }).loaders;
  loaders.set('text', {
    view: 'text',
    load: async (record: { class?: string }) => {
      if (record.class?.includes(FAILS_LOAD)) throw new Error('the test module failed to load');
      return null;
    },
  } as unknown as AnyModuleLoader);
}
