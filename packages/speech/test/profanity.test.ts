import { describe, expect, it } from 'vitest';
import { isProfane, maskProfanity, maskWord } from '../src/content/profanity.ts';

describe('profanity masking', () => {
  it('masks listed words and their inflections, keeping the first letter and the length', () => {
    expect(maskWord('fuck')).toBe('f***');
    expect(maskWord('Fucking')).toBe('F******');
    expect(maskWord('motherfucker')).toBe('m***********');
    expect(maskWord('bitches')).toBe('b******');
    expect(maskProfanity('what the fuck is this shit, you bastard')).toBe(
      'what the f*** is this s***, you b******',
    );
  });

  it('masks slurs', () => {
    for (const w of ['nigger', 'faggot', 'retard', 'spic', 'kike']) expect(isProfane(w)).toBe(true);
  });

  it('leaves innocent words that contain or resemble listed ones alone', () => {
    const text =
      'assess the class passage; Dickens wrote on the shitake mushrooms; hello, cocktail, Scunthorpe, therapist';
    expect(maskProfanity(text)).toBe(text);
    for (const w of ['damn', 'hell', 'crap', 'bloody', 'assist', 'pass', 'dickens', 'title'])
      expect(isProfane(w)).toBe(false);
  });

  it('keeps spacing, punctuation and apostrophes', () => {
    expect(maskProfanity("  shit's  fine! ")).toBe('  s*****  fine! ');
    expect(maskProfanity('')).toBe('');
  });

  it('masks any word on request', () => {
    expect(maskWord('apple', true)).toBe('a****');
    expect(maskWord('apple')).toBe('apple');
  });
});
