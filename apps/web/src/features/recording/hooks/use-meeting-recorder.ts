import { RECORDING, sessionTexts } from '@agaton/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startLevelMeter } from '../../../lib/recorder/level-meter';
import { preferredMimeType } from '../../../lib/recorder/recorder-support';
import { holdRecordingLock } from '../utils/recording-lock';
import { type RecordingStore, recordingStore, type StoredRecording } from '../utils/recording-store';
import { activeMs, recordedMs } from '../utils/recording-time';

/** stopped → recording ⇄ paused → stopping → stopped (spec 1 §4 "Recording"). */
export type RecorderPhase = 'inactive' | 'starting' | 'recording' | 'paused' | 'stopping';

export type DiscardReason = 'tooShort' | 'noStartTime';

export interface MeetingRecorderOptions {
  /** The user's e-mail; stored with the recording. */
  username: string;
  /** A recording long enough to upload, saved in the store. */
  onFinished: (recording: StoredRecording) => void;
  /** A recording that was thrown away (too short, or its start never reported). */
  onDiscarded: (reason: DiscardReason) => void;
  maxMs?: number;
  minMs?: number;
  chunkMs?: number;
  store?: () => Promise<RecordingStore>;
}

/** One recording in progress. `meta` mirrors what is stored. */
interface Take {
  rec: MediaRecorder;
  stream: MediaStream;
  meta: StoredRecording;
  store: RecordingStore;
  /** Store writes run one after another, in the order things happened. */
  writes: Promise<void>;
  seq: number;
  /** Left (page closed or navigated away): keep what was stored, tell nobody. */
  abandoned: boolean;
  releaseLock: () => void;
  stopMeter: (() => void) | null;
  timer: ReturnType<typeof setInterval> | undefined;
}

/**
 * The Record Meeting recorder: MediaRecorder with a timeslice, every chunk written to IndexedDB as
 * it arrives together with the start time and paused spans, so nothing is lost if the tab dies.
 * Stops by itself at the maximum length; recordings under the minimum are discarded.
 */
export function useMeetingRecorder(options: MeetingRecorderOptions) {
  const {
    maxMs = RECORDING.maxMinutes * 60_000,
    minMs = RECORDING.minSeconds * 1000,
    chunkMs = RECORDING.chunkMs,
    store: getStore = recordingStore,
  } = options;
  const [phase, setPhase] = useState<RecorderPhase>('inactive');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const take = useRef<Take | null>(null);
  const starting = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(options);
  latest.current = options;

  const enqueue = useCallback((t: Take, write: () => Promise<void>) => {
    t.writes = t.writes.then(write).catch((cause) => console.error('Could not save the recording', cause));
  }, []);

  const finish = useCallback(
    async (t: Take) => {
      clearInterval(t.timer);
      t.stopMeter?.();
      for (const track of t.stream.getTracks()) track.stop();
      await t.writes;
      t.releaseLock();
      if (take.current === t) take.current = null;
      const reason: DiscardReason | null =
        t.meta.startedAt === null
          ? 'noStartTime'
          : recordedMs(t.meta) < minMs || t.meta.chunkCount === 0
            ? 'tooShort'
            : null;
      if (reason) await t.store.remove(t.meta.id).catch(() => undefined);
      if (mounted.current) {
        setPhase('inactive');
        setElapsedMs(0);
        setLevel(0);
      }
      if (t.abandoned) return;
      if (reason) latest.current.onDiscarded(reason);
      else latest.current.onFinished({ ...t.meta });
    },
    [minMs],
  );

  const stop = useCallback(() => {
    const t = take.current;
    if (!t || t.rec.state === 'inactive' || t.meta.stoppedAt !== null) return;
    const at = Date.now();
    t.meta.stoppedAt = at;
    t.meta.pauses = t.meta.pauses.map((span) => (span.to === null ? { ...span, to: at } : span));
    const { stoppedAt, pauses } = t.meta;
    enqueue(t, () => t.store.update(t.meta.id, { stoppedAt, pauses }));
    if (mounted.current) setPhase('stopping');
    // The last chunk arrives with the stop; `onstop` then finishes.
    t.rec.stop();
  }, [enqueue]);

  const pause = useCallback(() => {
    const t = take.current;
    if (t?.rec.state !== 'recording') return;
    t.rec.pause();
    t.meta.pauses = [...t.meta.pauses, { from: Date.now(), to: null }];
    const { pauses } = t.meta;
    enqueue(t, () => t.store.update(t.meta.id, { pauses }));
    setPhase('paused');
  }, [enqueue]);

  const resume = useCallback(() => {
    const t = take.current;
    if (t?.rec.state !== 'paused') return;
    t.rec.resume();
    const at = Date.now();
    t.meta.pauses = t.meta.pauses.map((span) => (span.to === null ? { ...span, to: at } : span));
    const { pauses } = t.meta;
    enqueue(t, () => t.store.update(t.meta.id, { pauses }));
    setPhase('recording');
  }, [enqueue]);

  const start = useCallback(async () => {
    if (take.current || starting.current) return;
    starting.current = true;
    setError(null);
    setPhase('starting');
    let stream: MediaStream | undefined;
    let rec: MediaRecorder;
    let store: RecordingStore;
    const mimeType = preferredMimeType();
    try {
      if (typeof MediaRecorder === 'undefined') throw new Error('MediaRecorder is missing');
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      store = await getStore();
    } catch (cause) {
      console.error('Could not start recording', cause);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (mounted.current) {
        setError(sessionTexts.record.permission);
        setPhase('inactive');
      }
      return;
    } finally {
      starting.current = false;
    }
    if (!mounted.current || take.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    const meta: StoredRecording = {
      id: crypto.randomUUID(),
      username: latest.current.username,
      startedAt: null,
      mimeType: rec.mimeType || mimeType || 'audio/webm',
      pauses: [],
      stoppedAt: null,
      lastChunkAt: null,
      chunkCount: 0,
      bytes: 0,
    };
    const t: Take = {
      rec,
      stream,
      meta,
      store,
      writes: store.create({ ...meta }),
      seq: 0,
      abandoned: false,
      releaseLock: holdRecordingLock(meta.id),
      stopMeter: null,
      timer: undefined,
    };
    take.current = t;
    rec.onstart = () => {
      const at = Date.now();
      t.meta.startedAt = at;
      enqueue(t, () => store.update(meta.id, { startedAt: at }));
    };
    rec.ondataavailable = (event) => {
      if (!event.data || event.data.size === 0) return;
      const at = Date.now();
      const seq = t.seq++;
      t.meta.chunkCount += 1;
      t.meta.lastChunkAt = at;
      enqueue(t, async () => store.appendChunk(meta.id, seq, await event.data.arrayBuffer(), at));
    };
    rec.onstop = () => void finish(t);
    rec.onerror = (event) => {
      console.error('MediaRecorder failed', event);
      stop();
    };
    rec.start(chunkMs);
    setPhase('recording');
    // Coarse steps: a quiet room does not re-render the page every frame.
    t.stopMeter = startLevelMeter(stream, (peak) => setLevel(Math.round(peak * 20) / 20));
    t.timer = setInterval(() => {
      const ms = activeMs(t.meta, Date.now());
      if (mounted.current) setElapsedMs(ms);
      if (ms >= maxMs) stop();
    }, 250);
  }, [getStore, chunkMs, maxMs, enqueue, finish, stop]);

  /** Stops without uploading: the stored copy is offered again on the next visit. */
  const abandon = useCallback(() => {
    const t = take.current;
    if (!t) return;
    t.abandoned = true;
    stop();
  }, [stop]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      abandon();
    };
  }, [abandon]);

  return {
    phase,
    elapsedMs,
    level,
    error,
    maxMs,
    start: () => void start(),
    stop,
    pause,
    resume,
    abandon,
  };
}

export type MeetingRecorder = ReturnType<typeof useMeetingRecorder>;
