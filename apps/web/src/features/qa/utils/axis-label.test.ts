import { describe, expect, it } from 'vitest';
import { wrapLabel } from './axis-label';

const LONG = 'If the customer asked to cancel, did the agent make an offer to keep them before cancelling?';
const words = (text: string) => new Set(text.replace(/…$/, '').split(/\s+/));

describe('QA chart axis labels', () => {
  it('keeps a short question on one line, whole', () => {
    expect(wrapLabel('Did the agent explain the next steps?', 40, 3)).toEqual([
      'Did the agent explain the next steps?',
    ]);
  });

  it('wraps a long question between words, every word whole', () => {
    const lines = wrapLabel(LONG, 36, 3);
    expect(lines).toEqual([
      'If the customer asked to cancel, did',
      'the agent make an offer to keep them',
      'before cancelling?',
    ]);
    expect(lines.join(' ')).toBe(LONG);
  });

  it('ends a question longer than its lines with … after a whole word, not mid-word', () => {
    const lines = wrapLabel(LONG, 22, 2);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.length <= 22)).toBe(true);
    expect(lines[1].endsWith('…')).toBe(true);
    const original = words(LONG);
    for (const line of lines) for (const word of words(line)) expect(original, word).toContain(word);
    expect(lines).toEqual(['If the customer asked', 'to cancel, did the…']);
  });

  it('cuts only a single word longer than a line', () => {
    expect(wrapLabel('Supercalifragilisticexpialidocious pitch?', 12, 3)).toEqual(['Supercalifr…', 'pitch?']);
  });
});
