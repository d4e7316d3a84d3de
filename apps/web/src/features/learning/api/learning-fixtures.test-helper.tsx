import type { Article, ArticleSummary } from '@agaton/contracts';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokenStorage } from '../../../lib/api-client';
import { renderRoutes } from '../../../lib/render-routes.test-helper';

export const thSummary: ArticleSummary = {
  slug: 'the-two-th-sounds',
  title: 'The two th sounds: think and this',
  summary: 'English spells two different sounds as "th".',
  coverImageUrl: '/api/articles/the-two-th-sounds/cover.svg?v=abc123abc123',
  tags: ['TH', 'DH', 'pronunciation', 'intelligibility'],
};

export const pauseSummary: ArticleSummary = {
  slug: 'pace-and-pauses',
  title: 'Pace and pauses: slower is clearer',
  summary: 'What a comfortable speaking rate is.',
  coverImageUrl: null,
  tags: ['pace', 'pauses', 'fluency'],
};

export const thArticle: Article = {
  ...thSummary,
  content: [
    'Very few languages have the sounds English writes as **th**.',
    '',
    '## How the sounds work',
    '',
    '- **The voiceless th** as in *think*.',
    '- **The voiced th** as in *this*.',
    '',
    '## Practise aloud',
    '',
    'Read each line three times.',
    '',
    '1. I think the third quarter was better.',
    '2. Thank you both for thinking this through.',
    '',
    '## Keep going',
    '',
    'Read [Numbers and dates](/coach/learning/presenting-numbers-and-dates) next.',
  ].join('\n'),
};

export type Reply = { status: number; body?: unknown };

/** A scripted API keyed by path, signed in as a coach; `calls` lists the paths asked for. */
export function stubApi(routes: Record<string, Reply | Reply[]>) {
  tokenStorage.set('user', { accessToken: 'coach-token' });
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
      calls.push(path);
      const script = routes[path];
      const reply = (Array.isArray(script) ? script.shift() : script) ?? { status: 404, body: {} };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
  return calls;
}

/** Renders the Learning routes in memory at `path`; `routes` maps router patterns to elements. */
export function renderAt(path: string, routes: Record<string, ReactNode>) {
  return renderRoutes(path, routes);
}
