import { jsonTranscriptSchema } from '@agaton/contracts';
import type { StoredTranscriptLine } from '@agaton/db';
import { AppError } from '../../../lib/app-error.ts';

/**
 * The transcripts a call upload may carry (decision 022): WebVTT with `<v Speaker>` voice spans, or
 * the JSON turns of `jsonTranscriptSchema`; and transcripts built from the speech engine's timed
 * words. Who is the agent:
 * 1. a JSON turn's `role` wins;
 * 2. else the label: "agent", "rep", "representative", "advisor", "operator" or the agent member's
 *    name (or first name) → AGENT; "customer", "caller", "client", "prospect" → CUSTOMER;
 * 3. else the first speaker of the call is the agent and every other speaker the customer.
 */

export const TRANSCRIPT_TEXTS = {
  unreadable: 'The transcript could not be read: upload WebVTT (.vtt) with <v Speaker> voices or JSON turns.',
  empty: 'The transcript has no lines.',
  badCue: (line: number) => `The WebVTT transcript has a cue we cannot read near line ${line}.`,
} as const;

/** A turn as read from a file, before speakers are mapped to roles. */
export interface RawTurn {
  speakerLabel: string;
  role?: 'AGENT' | 'CUSTOMER';
  start: number;
  end: number;
  text: string;
}

const AGENT_LABELS =
  /^(agent|rep|representative|sales ?rep|advisor|adviser|operator|support|speaker ?(1|a))\b/i;
const CUSTOMER_LABELS = /^(customer|caller|client|prospect|lead|speaker ?(2|b))\b/i;

const TIMESTAMP = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)\.(\d{3})$/;

function seconds(stamp: string): number | null {
  const m = stamp.match(TIMESTAMP);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '', rlm: '' };

function decodeEntities(text: string) {
  return text.replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]);
}

/**
 * A strict WebVTT reader (W3C WebVTT: header, optional cue identifiers, `start --> end` timings with
 * settings, cue text). Voice spans `<v Name>` (with classes `<v.loud Name>`) give the speaker; a cue
 * without one keeps the previous cue's speaker, or "Speaker" at the start. NOTE, STYLE and REGION
 * blocks are skipped; other tags are dropped from the text.
 */
export function parseWebVtt(source: string): RawTurn[] {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const blocks = text.split(/\n{2,}/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.split('\n')[0] ?? '')) {
    throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.unreadable);
  }
  const turns: RawTurn[] = [];
  let lineNo = blocks[0].split('\n').length + 1;
  let lastSpeaker = 'Speaker';
  for (const block of blocks.slice(1)) {
    const lines = block.split('\n').filter((l, i, all) => l.trim() !== '' || i < all.length - 1);
    const startLine = lineNo;
    lineNo += block.split('\n').length + 1;
    if (lines.length === 0 || lines.every((l) => l.trim() === '')) continue;
    if (/^(NOTE|STYLE|REGION)\b/.test(lines[0])) continue;
    const timingAt = lines.findIndex((l) => l.includes('-->'));
    if (timingAt < 0 || timingAt > 1) throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.badCue(startLine));
    const [from, rest] = lines[timingAt].split('-->').map((s) => s.trim());
    const start = seconds(from);
    const end = seconds(rest?.split(/\s+/)[0] ?? '');
    if (start === null || end === null || end < start) {
      throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.badCue(startLine + timingAt));
    }
    const payload = lines.slice(timingAt + 1).join('\n');
    // One cue may hold several voices: each <v> span is its own turn.
    const spans = [...payload.matchAll(/<v(?:\.[^\s>]+)*(?:\s+([^>]*))?>([\s\S]*?)(?=<v[\s.>]|$)/g)];
    const pieces = spans.length
      ? spans.map((m) => ({ speaker: (m[1] ?? '').trim() || lastSpeaker, text: m[2] }))
      : [{ speaker: lastSpeaker, text: payload }];
    for (const piece of pieces) {
      const clean = decodeEntities(piece.text.replace(/<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim();
      lastSpeaker = piece.speaker;
      if (!clean) continue;
      turns.push({ speakerLabel: piece.speaker.slice(0, 100), start, end, text: clean });
    }
  }
  if (turns.length === 0) throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.empty);
  return turns;
}

/** The JSON turns format (`jsonTranscriptSchema`); 400 with the fields at fault. */
export function parseJsonTranscript(source: string): RawTurn[] {
  let json: unknown;
  try {
    json = JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch {
    throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.unreadable);
  }
  const parsed = jsonTranscriptSchema.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      path: `transcript.${i.path.join('.')}`,
      message: i.message,
    }));
    throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.unreadable, { details });
  }
  return parsed.data.turns
    .map((t) => ({
      speakerLabel: t.speaker,
      role: t.role ? (t.role === 'agent' ? ('AGENT' as const) : ('CUSTOMER' as const)) : undefined,
      start: t.start,
      end: Math.max(t.start, t.end),
      text: t.text.replace(/\s+/g, ' ').trim(),
    }))
    .filter((t) => t.text);
}

/** WebVTT or JSON, by content: a file starting with WEBVTT is WebVTT, one starting with `{` JSON. */
export function parseTranscriptFile(source: string): RawTurn[] {
  const head = source.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('WEBVTT')) return parseWebVtt(source);
  if (head.startsWith('{')) {
    const turns = parseJsonTranscript(source);
    if (turns.length === 0) throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.empty);
    return turns;
  }
  throw new AppError('VALIDATION', TRANSCRIPT_TEXTS.unreadable);
}

/**
 * Speakers to roles (see the module comment). `agentName` is the agent member's name: a label equal
 * to it, or to its first name, is the agent.
 */
export function assignSpeakers(turns: RawTurn[], agentName: string): StoredTranscriptLine[] {
  const name = agentName.trim().toLowerCase();
  const firstName = name.split(/\s+/)[0] ?? '';
  const byLabel = (label: string): 'AGENT' | 'CUSTOMER' | null => {
    const l = label.trim().toLowerCase();
    if (name && (l === name || (firstName.length > 1 && l === firstName))) return 'AGENT';
    if (AGENT_LABELS.test(l)) return 'AGENT';
    if (CUSTOMER_LABELS.test(l)) return 'CUSTOMER';
    return null;
  };
  const labels = new Map<string, 'AGENT' | 'CUSTOMER'>();
  for (const t of turns) if (t.role && !labels.has(t.speakerLabel)) labels.set(t.speakerLabel, t.role);
  for (const t of turns) {
    const role = labels.get(t.speakerLabel) ?? byLabel(t.speakerLabel);
    if (role && !labels.has(t.speakerLabel)) labels.set(t.speakerLabel, role);
  }
  // Nobody named the agent: the first speaker is the agent (calls open with the agent's greeting).
  const anyAgent = [...labels.values()].includes('AGENT');
  const first = [...turns].sort((a, b) => a.start - b.start)[0]?.speakerLabel;
  return [...turns]
    .sort((a, b) => a.start - b.start)
    .map((t) => ({
      speaker:
        t.role ??
        labels.get(t.speakerLabel) ??
        (!anyAgent && t.speakerLabel === first ? 'AGENT' : 'CUSTOMER'),
      speakerLabel: t.speakerLabel,
      start: round2(t.start),
      end: round2(t.end),
      text: t.text,
    }));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A word with its time, as the speech engine reports it. */
export interface TimedWordLike {
  word: string;
  start: number;
  end: number;
  /** The recogniser was not sure of this word (becomes one of its line's `unsure` positions). */
  uncertain?: boolean;
}

/** Pause that starts a new line; a sentence end (. ! ?) does too. */
export const LINE_PAUSE_SECONDS = 1;
/** A line never grows past this many words (a monologue without pauses is cut). */
const MAX_LINE_WORDS = 60;

/** A line being built: its words, the positions of the unsure ones, and how many engine words it holds. */
interface LineInProgress extends Omit<StoredTranscriptLine, 'text' | 'unsure'> {
  tokens: string[];
  unsure: number[];
  words: number;
}

/**
 * Timed words to transcript lines: words of one speaker run together into a line until a pause of
 * at least {@link LINE_PAUSE_SECONDS}, a sentence end, another speaker's word, or
 * {@link MAX_LINE_WORDS} words. Words from several channels are merged by start time first. The
 * positions of the words the recogniser was unsure of go to the line's `unsure` (issue 26); a word
 * holding whitespace is split, so positions always count the words of `text` split at single spaces.
 */
export function linesFromWords(
  channels: { speaker: StoredTranscriptLine['speaker']; label: string; words: TimedWordLike[] }[],
): StoredTranscriptLine[] {
  const all = channels
    .flatMap((c) => c.words.map((w) => ({ ...w, speaker: c.speaker, label: c.label })))
    .filter((w) => w.word.trim())
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const lines: StoredTranscriptLine[] = [];
  let current: LineInProgress | null = null;
  let endsSentence = false;
  for (const w of all) {
    if (
      !current ||
      current.speakerLabel !== w.label ||
      w.start - current.end >= LINE_PAUSE_SECONDS ||
      endsSentence ||
      current.words >= MAX_LINE_WORDS
    ) {
      if (current) lines.push(finish(current));
      current = {
        speaker: w.speaker,
        speakerLabel: w.label,
        start: w.start,
        end: w.end,
        tokens: [],
        unsure: [],
        words: 0,
      };
    }
    const tokens = w.word.trim().split(/\s+/);
    // Only a real `true` counts: a session's words come from stored jsonb.
    if (w.uncertain === true) {
      for (let i = 0; i < tokens.length; i++) current.unsure.push(current.tokens.length + i);
    }
    current.tokens.push(...tokens);
    current.end = Math.max(current.end, w.end);
    current.words++;
    endsSentence = /[.!?]["')\]]?$/.test(w.word.trim());
  }
  if (current) lines.push(finish(current));
  return lines;
}

function finish(line: LineInProgress): StoredTranscriptLine {
  return {
    speaker: line.speaker,
    speakerLabel: line.speakerLabel,
    start: round2(line.start),
    end: round2(line.end),
    text: line.tokens.join(' '),
    ...(line.unsure.length ? { unsure: line.unsure } : {}),
  };
}

/** "m:ss" of a time in seconds. */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "m:ss – m:ss" of a line (citationTimeStrings). */
export function timeRange(start: number, end: number): string {
  return `${clock(start)} – ${clock(end)}`;
}
