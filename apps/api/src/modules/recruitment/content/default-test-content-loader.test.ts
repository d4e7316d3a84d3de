import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DEFAULT_TEST_CONTENT, loadTestContent, parsePositionFile } from './default-test-content.ts';

// A broken content file must stop the server with its name and the field at fault, never load half.
describe('loading test content', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const first = DEFAULT_TEST_CONTENT.positions[0];
  const copy = () => structuredClone(first) as typeof first;

  it('refuses a file that is not YAML, naming it', () => {
    expect(() => parsePositionFile('position: [unclosed', 'broken.yaml')).toThrow(
      /^broken\.yaml: not valid YAML/,
    );
  });

  it('refuses a question whose answer is not one of its options, naming the file and the field', () => {
    const position = copy();
    position.levels.MEDIUM.listening.questions[0].answerIndex = 9;
    expect(() => parsePositionFile(stringify(position), 'broken.yaml')).toThrow(
      /broken\.yaml: invalid test content \(levels\.MEDIUM\.listening\.questions\.0\.answerIndex: answerIndex must point/,
    );
  });

  it('refuses a level that asks more items than its pool holds', () => {
    const position = copy();
    position.levels.LOW.reading.sentences = position.levels.LOW.reading.sentences.slice(0, 1);
    expect(() => parsePositionFile(stringify(position), 'short.yaml')).toThrow(
      /short\.yaml: .*levels\.LOW\.reading\.ask: ask is 2 but the pool has 1/,
    );
  });

  it('refuses two files with the same position or an item id used twice, naming the file', () => {
    dir = mkdtempSync(join(tmpdir(), 'agaton-test-content-'));
    writeFileSync(join(dir, 'a.yaml'), stringify(first));
    writeFileSync(join(dir, 'b.yaml'), stringify(first));
    expect(() => loadTestContent(dir, ['a.yaml', 'b.yaml'])).toThrow(
      /b\.yaml: position: Positions must be unique/,
    );

    const twice = copy();
    twice.levels.ADVANCED.freeSpeech.topics[0].id = twice.levels.LOW.reading.sentences[0].id;
    writeFileSync(join(dir, 'a.yaml'), stringify(twice));
    expect(() => loadTestContent(dir, ['a.yaml'])).toThrow(
      /a\.yaml: levels\.ADVANCED: Item id "\w+-low-r01" is used twice/,
    );
  });

  it('loads what it is given', () => {
    dir = mkdtempSync(join(tmpdir(), 'agaton-test-content-'));
    writeFileSync(join(dir, 'a.yaml'), stringify({ ...first, position: 'Renamed' }));
    expect(loadTestContent(dir, ['a.yaml']).positions.map((p) => p.position)).toEqual(['Renamed']);
  });
});
