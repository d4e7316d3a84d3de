/**
 * Builds the compact CEFR lookups in data/ from the CEFR-J and Octanove lists in
 * ../shared/datasets/cefr-wordlists (citations in data/README.md); without that folder it says so and
 * exits 1, leaving the committed files as they are.
 *
 *   npx tsx packages/speech/scripts/build-cefr-data.ts
 *
 * data/cefr-vocabulary.json: { levels: { A1: [words…], …, C2: [...] }, function: [...], verbs: [...] }
 *   - a headword's level is its lowest level over its parts of speech (we do not tag the transcript,
 *     and the commonest sense is usually the earliest learned);
 *   - spelling variants ("color/colour") each get the level; multi-word entries are left out
 *     (single-token lookup only);
 *   - CEFR-J (A1–B2) wins over Octanove (C1/C2) for a word in both;
 *   - `function` lists words whose every part of speech is grammatical (determiner, pronoun, …):
 *     they are not counted as content words.
 * data/cefr-grammar.json: [{ id, code, item, level }] for every grammar item with a level.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDataset } from '../calibration/dataset.ts';

const SRC = sharedDataset('cefr-wordlists');
if (!existsSync(SRC)) {
  console.error(
    `build-cefr-data: CEFR lists not found at ${SRC}; the committed data/cefr-*.json are unchanged`,
  );
  process.exit(1);
}
const OUT = new URL('../data/', import.meta.url).pathname;
const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
const FUNCTION_POS = new Set([
  'determiner',
  'pronoun',
  'preposition',
  'conjunction',
  'modal auxiliary',
  'be-verb',
  'do-verb',
  'have-verb',
  'infinitive-to',
  'number',
  'interjection',
]);

/** Minimal RFC 4180 CSV parser (quoted fields with commas and doubled quotes). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...body] = rows;
  return body
    .filter((r) => r.some((f) => f.trim()))
    .map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? '').trim()])));
}

const levelOf = new Map<string, number>();
const posOf = new Map<string, Set<string>>();
function add(headword: string, pos: string, level: string) {
  const idx = LEVELS.indexOf(level as (typeof LEVELS)[number]);
  if (idx < 0) return;
  for (const variant of headword.split('/')) {
    const word = variant.trim().toLowerCase();
    if (!/^[a-zé][a-zé'-]*$/.test(word)) continue; // multi-word or abbreviations with dots
    const prev = levelOf.get(word);
    if (prev === undefined || idx < prev) levelOf.set(word, idx);
    const set = posOf.get(word) ?? new Set<string>();
    set.add(pos);
    posOf.set(word, set);
  }
}

for (const r of parseCsv(readFileSync(join(SRC, 'cefrj-vocabulary-profile-1.5.csv'), 'utf8'))) {
  add(r.headword, r.pos, r.CEFR);
}
for (const r of parseCsv(readFileSync(join(SRC, 'octanove-vocabulary-profile-c1c2-1.0.csv'), 'utf8'))) {
  add(r.headword, r.pos, r.CEFR);
}

const byLevel = Object.fromEntries(LEVELS.map((l) => [l, [] as string[]]));
for (const [word, idx] of [...levelOf].sort(([a], [b]) => a.localeCompare(b)))
  byLevel[LEVELS[idx]].push(word);
const functionWords = [...posOf]
  .filter(([, pos]) => [...pos].every((p) => FUNCTION_POS.has(p)))
  .map(([w]) => w)
  .sort();
const verbs = [...posOf]
  .filter(([, pos]) => pos.has('verb'))
  .map(([w]) => w)
  .sort();
writeFileSync(
  join(OUT, 'cefr-vocabulary.json'),
  `${JSON.stringify({ levels: byLevel, function: functionWords, verbs })}\n`,
);

/** The first CEFR level named in a cell such as "A1.2", "B2*", "A2-B1, C2". */
function firstLevel(cell: string | undefined): string | undefined {
  return /([ABC][12])/.exec(cell ?? '')?.[1];
}
const grammar = parseCsv(readFileSync(join(SRC, 'cefrj-grammar-profile-20180315.csv'), 'utf8'))
  .map((r) => ({
    id: r.ID,
    code: r['Shorthand Code'],
    item: r['Grammatical Item'],
    // CEFR-J's own level first, then its frequency×dispersion level, then the Core Inventory and EGP
    // levels. A few rows are shifted one column left in the source, so the sentence-type cell is
    // tried after the CEFR-J cell.
    level:
      firstLevel(r['CEFR-J Level']) ??
      firstLevel(r['Sentence Type']) ??
      firstLevel(r['FREQ*DISP']) ??
      firstLevel(r['Core Inventory']) ??
      firstLevel(r.EGP),
  }))
  .filter((r) => r.code && r.level);
writeFileSync(
  join(OUT, 'cefr-grammar.json'),
  `${JSON.stringify(grammar, null, 0).replace(/\},\{/g, '},\n{')}\n`,
);

console.log(
  `vocabulary: ${levelOf.size} words (${LEVELS.map((l) => `${l} ${byLevel[l].length}`).join(', ')}), ` +
    `${functionWords.length} function words, ${verbs.length} verbs; grammar: ${grammar.length} items`,
);
