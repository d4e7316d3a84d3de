import { describe, expect, it } from 'vitest';
import { articleLibrary } from './articles.service.ts';
import { recommendArticles } from './recommend-articles.ts';

const slugs = (options: Parameters<typeof recommendArticles>[0]) =>
  recommendArticles(options).map((a) => a.slug);

describe('recommendArticles with the shipped library', () => {
  it('links the article about the weakest sound first, with its title', () => {
    const [first] = recommendArticles({ weakPhones: ['TH'], skills: [] });
    expect(first).toEqual({ slug: 'the-two-th-sounds', title: 'The two th sounds: think and this' });
  });

  it('ignores stress digits and case in phones, and case in skills', () => {
    expect(slugs({ weakPhones: ['dh1'], skills: [], limit: 1 })).toEqual(['the-two-th-sounds']);
    expect(slugs({ weakPhones: [], skills: [' Fillers '], limit: 1 })).toEqual(['filler-words']);
  });

  it('orders by the learner’s ranking: the weakest sound’s article before the next one', () => {
    expect(slugs({ weakPhones: ['V', 'R'], skills: [], limit: 2 })).toEqual(['v-and-w', 'r-and-l']);
    expect(slugs({ weakPhones: ['R', 'V'], skills: [], limit: 2 })).toEqual(['r-and-l', 'v-and-w']);
  });

  it('finds the article for each of the skills the analysis reports', () => {
    expect(slugs({ weakPhones: [], skills: ['fillers'], limit: 1 })).toEqual(['filler-words']);
    expect(slugs({ weakPhones: [], skills: ['pace', 'pauses'], limit: 1 })).toEqual(['pace-and-pauses']);
    expect(slugs({ weakPhones: [], skills: ['meetings', 'confidence'], limit: 1 })).toEqual([
      'speaking-up-in-meetings',
    ]);
    expect(slugs({ weakPhones: [], skills: ['test-prep'], limit: 1 })).toEqual([
      'preparing-for-a-speaking-test',
    ]);
    expect(slugs({ weakPhones: [], skills: ['intelligibility'] })).toHaveLength(3);
  });

  it('puts a named weak sound before a broad skill', () => {
    expect(slugs({ weakPhones: ['IY'], skills: ['meetings'], limit: 2 })).toEqual([
      'short-and-long-vowels',
      'speaking-up-in-meetings',
    ]);
  });

  it('favours an article that covers several of the learner’s weak areas at once', () => {
    expect(slugs({ weakPhones: ['IH', 'UW'], skills: [], limit: 1 })).toEqual(['short-and-long-vowels']);
    expect(slugs({ weakPhones: ['T', 'S'], skills: ['intelligibility'], limit: 1 })).toEqual([
      'finish-your-words',
    ]);
  });

  it('keeps to the limit, never repeats an article and returns nothing when nothing matches', () => {
    const many = slugs({ weakPhones: ['TH', 'V', 'R', 'IY', 'AE'], skills: ['pace', 'fillers'], limit: 4 });
    expect(many).toHaveLength(4);
    expect(new Set(many).size).toBe(4);
    expect(slugs({ weakPhones: ['TH', 'TH', 'th0'], skills: [], limit: 5 })).toEqual(['the-two-th-sounds']);
    expect(slugs({ weakPhones: ['TH'], skills: [], limit: 0 })).toEqual([]);
    expect(slugs({ weakPhones: ['NG', 'XX'], skills: ['juggling'] })).toEqual([]);
    expect(slugs({ weakPhones: [], skills: [] })).toEqual([]);
  });

  it('links only articles the library serves', () => {
    const all = recommendArticles({
      weakPhones: ['TH', 'DH', 'V', 'W', 'R', 'L', 'IY', 'IH', 'AE', 'T'],
      skills: [
        'fillers',
        'pace',
        'pauses',
        'intelligibility',
        'meetings',
        'test-prep',
        'stress',
        'intonation',
      ],
      limit: 100,
    });
    expect(all.length).toBe(articleLibrary().articles.length);
    for (const link of all) expect(articleLibrary().bySlug.get(link.slug)?.title).toBe(link.title);
  });
});

describe('recommendArticles with a given library', () => {
  const library = [
    { slug: 'broad', title: 'Broad', tags: ['TH', 'pace', 'fillers'] as const },
    { slug: 'focused', title: 'Focused', tags: ['TH'] as const },
    { slug: 'also-focused', title: 'Also focused', tags: ['TH'] as const },
  ].map((a) => ({ ...a, tags: [...a.tags] }));

  it('breaks ties by the more focused article, then by list order', () => {
    expect(slugs({ weakPhones: ['TH'], skills: [], library })).toEqual(['focused', 'also-focused', 'broad']);
  });

  it('lets matching skills lift a broader article above a focused one', () => {
    expect(slugs({ weakPhones: ['TH'], skills: ['pace'], library, limit: 1 })).toEqual(['broad']);
  });
});
