import type { Decoder } from 'soundswallower';
import { g2p } from './g2p.ts';
import { PHONE_SET } from './phone-loop.ts';

export interface LexiconEntry {
  /** The dictionary key to put in the alignment text. */
  key: string;
  phones: string[];
}

function cleanPhones(pron: string): string[] | null {
  const phones = pron
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/[0-9]/g, '').toUpperCase());
  return phones.length > 0 && phones.every((p) => PHONE_SET.has(p)) ? phones : null;
}

/**
 * Pronunciations for the aligner: the decoder's dictionary first, then grapheme-to-phoneme rules for
 * unknown words (added to the dictionary so the next lookup is instant). Explicit pronunciations go
 * in under an alias key, because an existing dictionary word cannot be redefined.
 */
export class Lexicon {
  private readonly aliases = new Map<string, string>();

  /** Lookups use the first decoder; new words go into every one (they must share a vocabulary). */
  constructor(private readonly decoders: [Decoder, ...Decoder[]]) {}

  entry(word: string, override?: string): LexiconEntry | null {
    const forced = override ? cleanPhones(override) : null;
    if (forced) {
      const id = `${word}|${forced.join(' ')}`;
      let key = this.aliases.get(id);
      if (!key) {
        key = `${word}__alt${this.aliases.size}`;
        if (!this.add(key, forced)) return null;
        this.aliases.set(id, key);
      }
      return { key, phones: forced };
    }
    const known = this.decoders[0].lookup_word(word);
    if (known) return { key: word, phones: known.split(' ') };
    const guessed = cleanPhones(g2p(word));
    if (!guessed || !this.add(word, guessed)) return null;
    return { key: word, phones: guessed };
  }

  private add(key: string, phones: string[]): boolean {
    try {
      for (const decoder of this.decoders) decoder.add_words([key, phones.join(' ')]);
      return true;
    } catch {
      return false;
    }
  }
}
