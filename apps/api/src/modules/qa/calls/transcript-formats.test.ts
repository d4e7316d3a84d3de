import { wordsOfLine } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import {
  assignSpeakers,
  linesFromWords,
  parseTranscriptFile,
  parseWebVtt,
  timeRange,
} from './transcript-formats.ts';

describe('WebVTT transcripts', () => {
  it('reads voices, identifiers, settings, several voices in one cue, tags and entities', () => {
    const turns = parseWebVtt(
      [
        'WEBVTT - call 42',
        '',
        'NOTE exported by the dialler',
        '',
        'intro',
        '00:01.000 --> 00:04.500 align:start position:10%',
        '<v.loud Rep>Hello &amp; <i>welcome</i>!</v>',
        '',
        '01:00:05.250 --> 01:00:07.000',
        '<v Caller>Hi.<v Rep>How can I help?',
        '',
        '00:00:08.000 --> 00:00:09.000',
        'No voice: the previous speaker goes on.',
      ].join('\r\n'),
    );
    expect(turns).toEqual([
      { speakerLabel: 'Rep', start: 1, end: 4.5, text: 'Hello & welcome!' },
      { speakerLabel: 'Caller', start: 3605.25, end: 3607, text: 'Hi.' },
      { speakerLabel: 'Rep', start: 3605.25, end: 3607, text: 'How can I help?' },
      { speakerLabel: 'Rep', start: 8, end: 9, text: 'No voice: the previous speaker goes on.' },
    ]);
  });

  it('refuses a file without the header, a broken timing, or no text, with 400', () => {
    const fails = (text: string) => {
      const error = (() => {
        try {
          parseTranscriptFile(text);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
    };
    fails('00:00.000 --> 00:01.000\nhello');
    fails('WEBVTT\n\n00:00.000 -> 00:01.000\nhello');
    fails('WEBVTT\n\n00:02.000 --> 00:01.000\nbackwards');
    fails('WEBVTT\n\n00:00.000 --> 00:01.000\n<v Agent></v>');
    fails('{"turns": []}');
    fails('{"turns": [{"speaker": "A", "start": -1, "end": 1, "text": "x"}]}');
    fails('plain text');
  });
});

describe('who is the agent', () => {
  const turn = (speakerLabel: string, start: number, role?: 'AGENT' | 'CUSTOMER') => ({
    speakerLabel,
    start,
    end: start + 1,
    text: 'words',
    role,
  });
  const roles = (lines: { speakerLabel: string; speaker: string }[]) =>
    lines.map((l) => `${l.speakerLabel}=${l.speaker}`);

  it('a JSON role wins over any label', () => {
    expect(roles(assignSpeakers([turn('Agent', 0, 'CUSTOMER'), turn('Bo', 1, 'AGENT')], 'Bo'))).toEqual([
      'Agent=CUSTOMER',
      'Bo=AGENT',
    ]);
  });

  it('labels decide: agent words or the agent’s name, customer words', () => {
    expect(roles(assignSpeakers([turn('Caller', 0), turn('Rep', 1)], 'X'))).toEqual([
      'Caller=CUSTOMER',
      'Rep=AGENT',
    ]);
    expect(roles(assignSpeakers([turn('Client', 0), turn('dana', 1)], 'Dana Smith'))).toEqual([
      'Client=CUSTOMER',
      'dana=AGENT',
    ]);
  });

  it('otherwise the first speaker is the agent and the others customers', () => {
    expect(roles(assignSpeakers([turn('spk_1', 2), turn('spk_0', 0), turn('spk_2', 3)], 'Nobody'))).toEqual([
      'spk_0=AGENT',
      'spk_1=CUSTOMER',
      'spk_2=CUSTOMER',
    ]);
  });
});

describe('timed words to lines', () => {
  const w = (word: string, start: number, end = start + 0.3) => ({ word, start, end });

  it('splits at pauses of a second, sentence ends and speaker changes, merging channels by time', () => {
    const lines = linesFromWords([
      {
        speaker: 'AGENT',
        label: 'L',
        words: [w('hello', 0), w('there.', 0.4), w('how', 0.9), w('are', 1.2), w('you', 4)],
      },
      { speaker: 'CUSTOMER', label: 'R', words: [w('fine', 2), w('thanks', 2.4)] },
    ]);
    expect(lines.map((l) => [l.speaker, l.text, l.start, l.end])).toEqual([
      ['AGENT', 'hello there.', 0, 0.7],
      ['AGENT', 'how are', 0.9, 1.5],
      ['CUSTOMER', 'fine thanks', 2, 2.7],
      ['AGENT', 'you', 4, 4.3],
    ]);
  });

  it('keeps the positions of the words the recogniser was unsure of, per line, and none when sure', () => {
    const unsure = (word: string, start: number) => ({ ...w(word, start), uncertain: true });
    const lines = linesFromWords([
      {
        speaker: 'AGENT',
        label: 'L',
        words: [w('hello', 0), unsure('their', 0.4), w('how', 0.8), unsure('ah you', 1.1), w('today.', 1.6)],
      },
      { speaker: 'CUSTOMER', label: 'R', words: [w('fine', 3), w('thanks', 3.4)] },
      { speaker: 'AGENT', label: 'L', words: [unsure('good', 5)] },
    ]);
    expect(lines.map((l) => [l.text, l.unsure])).toEqual([
      // A word holding a space counts as two, as wordsOfLine splits the text.
      ['hello their how ah you today.', [1, 3, 4]],
      ['fine thanks', undefined],
      ['good', [0]],
    ]);
    expect(lines[1]).not.toHaveProperty('unsure');
    expect(
      wordsOfLine(lines[0])
        .filter((x) => x.uncertain)
        .map((x) => x.word),
    ).toEqual(['their', 'ah', 'you']);
  });

  it('an uploaded transcript never has unsure words', () => {
    const lines = assignSpeakers(
      parseTranscriptFile('WEBVTT\n\n00:00.000 --> 00:01.000\n<v Rep>Hello there'),
      '',
    );
    expect(lines).toEqual([{ speaker: 'AGENT', speakerLabel: 'Rep', start: 0, end: 1, text: 'Hello there' }]);
  });

  it('formats citation times as m:ss – m:ss', () => {
    expect(timeRange(5.9, 74.2)).toBe('0:05 – 1:14');
  });
});
