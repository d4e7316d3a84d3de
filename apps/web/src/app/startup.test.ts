import { describe, expect, it } from 'vitest';
import { startupAction } from './startup';

const at = (pathname: string, host = 'app.agaton.io', search = '') => ({
  host,
  protocol: 'https:',
  pathname,
  search,
  hash: '',
});

describe('start-up rules', () => {
  it('sends the assessment and its summary to the candidate route', () => {
    expect(startupAction(at('/assessment'))).toEqual({ kind: 'replace-path', path: '/candidate' });
    expect(startupAction(at('/assessment/summary/', 'app.agaton.io', '?c=1'))).toEqual({
      kind: 'replace-path',
      path: '/candidate?c=1',
    });
    expect(startupAction(at('/coach/auth'))).toEqual({ kind: 'none' });
  });

  it('moves other hosts to the main domain with the same path and query', () => {
    expect(startupAction(at('/coach/auth', 'www.agaton.io', '?return=/coach'), 'app.agaton.io')).toEqual({
      kind: 'go-to',
      url: 'https://app.agaton.io/coach/auth?return=/coach',
    });
    expect(startupAction(at('/auth'), 'app.agaton.io')).toEqual({ kind: 'none' });
  });
});
