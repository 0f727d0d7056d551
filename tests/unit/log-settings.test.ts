// Issue 41, point 4: LOG_LEVEL and LOG_FORMAT read with validation (a wrong value names itself), and
// the request id taken from a caller only when it is sane.
import { describe, expect, it } from 'vitest';
import { logSettingsFromEnv } from '../../server/log/logger.ts';
import { REQUEST_ID_MAX, requestIdOf } from '../../server/log/request-log.ts';

describe('log settings', () => {
  it('default to info, pretty on a terminal and JSON elsewhere', () => {
    expect(logSettingsFromEnv({}, false)).toEqual({ level: 'info', format: 'json' });
    expect(logSettingsFromEnv({}, true)).toEqual({ level: 'info', format: 'pretty' });
    expect(logSettingsFromEnv({ LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'pretty' }, false)).toEqual({ level: 'debug', format: 'pretty' });
    expect(logSettingsFromEnv({ LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }, true)).toEqual({ level: 'silent', format: 'json' });
  });

  it('refuse a wrong value in one line naming the variable, the value and what is expected', () => {
    expect(() => logSettingsFromEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    );
    expect(() => logSettingsFromEnv({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT: expected one of json, pretty, got "xml"');
  });
});

describe('request ids', () => {
  it('keep a sane caller id and replace a long or strange one', () => {
    expect(requestIdOf('lb-7f3a.12:9')).toBe('lb-7f3a.12:9');
    expect(requestIdOf('x'.repeat(REQUEST_ID_MAX))).toBe('x'.repeat(REQUEST_ID_MAX));
    for (const bad of ['x'.repeat(REQUEST_ID_MAX + 1), 'a b', 'a"b', 'a\nb', '{"level":"fatal"}', '', undefined])
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
