import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findPendingRecordings } from '../hooks/use-pending-recordings';
import { uploadsInFlight } from './recording-lock';
import {
  memoryStore,
  openRecordingStore,
  type RecordingStore,
  type StoredRecording,
} from './recording-store';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

const recording = (over: Partial<StoredRecording> = {}): StoredRecording => ({
  id: 'r1',
  username: 'casey@example.com',
  startedAt: 1_000_000,
  mimeType: 'audio/webm;codecs=opus',
  pauses: [],
  stoppedAt: null,
  lastChunkAt: null,
  chunkCount: 0,
  bytes: 0,
  ...over,
});

async function text(blob: Blob) {
  return new TextDecoder().decode(await blob.arrayBuffer());
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
  uploadsInFlight.clear();
});

describe.each([
  ['IndexedDB', () => openRecordingStore()],
  ['memory', async () => memoryStore()],
])('recording store (%s)', (_name, open: () => Promise<RecordingStore>) => {
  it('keeps chunks as they arrive with their time, and joins them in order into one Blob', async () => {
    const store = await open();
    await store.create(recording());
    await store.appendChunk('r1', 0, bytes('one-'), 1_005_000);
    await store.appendChunk('r1', 2, bytes('three'), 1_015_000);
    await store.appendChunk('r1', 1, bytes('two-'), 1_010_000);
    const loaded = await store.load('r1');
    expect(loaded?.meta).toMatchObject({ chunkCount: 3, bytes: 13, lastChunkAt: 1_010_000 });
    expect(loaded?.blob.type).toBe('audio/webm;codecs=opus');
    expect(await text(loaded?.blob as Blob)).toBe('one-two-three');
  });

  it('lists only the given user’s recordings, oldest first, and removes one with its chunks', async () => {
    const store = await open();
    await store.create(recording({ id: 'b', startedAt: 2_000 }));
    await store.create(recording({ id: 'a', startedAt: 1_000 }));
    await store.create(recording({ id: 'other', username: 'someone@example.com' }));
    await store.appendChunk('a', 0, bytes('x'), 1_500);
    expect((await store.list('casey@example.com')).map((r) => r.id)).toEqual(['a', 'b']);
    await store.remove('a');
    expect(await store.load('a')).toBeNull();
    // Its chunks went too: a new recording under the same id starts empty.
    await store.create(recording({ id: 'a' }));
    expect((await store.load('a'))?.blob.size).toBe(0);
    await store.remove('a');
    expect((await store.list('casey@example.com')).map((r) => r.id)).toEqual(['b']);
  });

  it('updates the metadata (pauses, stop) without touching the audio', async () => {
    const store = await open();
    await store.create(recording());
    await store.appendChunk('r1', 0, bytes('audio'), 1_005_000);
    await store.update('r1', { pauses: [{ from: 1_002_000, to: 1_003_000 }], stoppedAt: 1_006_000 });
    const loaded = await store.load('r1');
    expect(loaded?.meta).toMatchObject({ stoppedAt: 1_006_000, chunkCount: 1, pauses: [{ to: 1_003_000 }] });
    expect(await text(loaded?.blob as Blob)).toBe('audio');
  });
});

describe('IndexedDB persistence', () => {
  it('survives closing the page: a second open of the database sees what the first wrote', async () => {
    const first = await openRecordingStore('reopen-test');
    await first.create(recording());
    await first.appendChunk('r1', 0, bytes('kept'), 1_004_000);
    const second = await openRecordingStore('reopen-test');
    expect(await text((await second.load('r1'))?.blob as Blob)).toBe('kept');
  });

  it('falls back to memory when IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = await openRecordingStore();
    await store.create(recording());
    expect(await store.list('casey@example.com')).toHaveLength(1);
  });
});

describe('recordings left behind', () => {
  it('offers stopped and crashed recordings, skips those uploading, deletes unusable ones', async () => {
    const store = await openRecordingStore();
    await store.create(recording({ id: 'stopped', stoppedAt: 1_010_000 }));
    await store.appendChunk('stopped', 0, bytes('a'), 1_009_000);
    await store.create(recording({ id: 'crashed', startedAt: 1_100_000 }));
    await store.appendChunk('crashed', 0, bytes('b'), 1_105_000);
    await store.create(recording({ id: 'uploading', startedAt: 1_200_000, stoppedAt: 1_300_000 }));
    await store.appendChunk('uploading', 0, bytes('c'), 1_300_000);
    uploadsInFlight.add('uploading');
    await store.create(recording({ id: 'short', startedAt: 1_400_000, stoppedAt: 1_401_000 }));
    await store.appendChunk('short', 0, bytes('d'), 1_401_000);
    await store.create(recording({ id: 'never-started', startedAt: null }));
    await store.create(recording({ id: 'silent', startedAt: 1_500_000, stoppedAt: 1_600_000 }));

    const pending = await findPendingRecordings(store, 'casey@example.com');
    expect(pending.map((r) => r.id)).toEqual(['stopped', 'crashed']);
    expect((await store.list('casey@example.com')).map((r) => r.id)).toEqual([
      'stopped',
      'crashed',
      'uploading',
    ]);
  });

  it('skips a recording whose lock is held (still recording in another tab)', async () => {
    const store = await openRecordingStore();
    await store.create(recording({ id: 'live' }));
    await store.appendChunk('live', 0, bytes('a'), 1_010_000);
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { query: async () => ({ held: [{ name: 'agaton-recording-live' }] }) },
    });
    try {
      expect(await findPendingRecordings(store, 'casey@example.com')).toEqual([]);
      expect(await store.load('live')).not.toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
