import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What is known about a recording besides its audio. Everything is written as it happens, so a
 * crash, a reload or a closed tab leaves enough to upload the recording later with the right times.
 */
export interface StoredRecording {
  id: string;
  /** The owner's e-mail: a recording is offered again only to the account that made it. */
  username: string;
  /** Epoch ms of the recorder's start event; null until it fired. */
  startedAt: number | null;
  mimeType: string;
  /** Paused spans in epoch ms; `to` is null while paused. */
  pauses: { from: number; to: number | null }[];
  /** Epoch ms when Stop was pressed; null while recording and after a crash. */
  stoppedAt: number | null;
  /** Epoch ms of the newest chunk: where a recording that never stopped ends. */
  lastChunkAt: number | null;
  chunkCount: number;
  bytes: number;
}

interface StoredChunk {
  recordingId: string;
  seq: number;
  /** ArrayBuffer rather than Blob: Blobs in IndexedDB are unreliable in some browsers. */
  data: ArrayBuffer;
}

interface RecordingDb extends DBSchema {
  recordings: { key: string; value: StoredRecording };
  chunks: { key: [string, number]; value: StoredChunk };
}

export const RECORDING_DB_NAME = 'agaton-recordings';

/** The recording and its audio joined into one Blob of the recorded type. */
export interface LoadedRecording {
  meta: StoredRecording;
  blob: Blob;
}

/** Where recordings are kept until they are uploaded. */
export interface RecordingStore {
  create(meta: StoredRecording): Promise<void>;
  /** Adds the chunk and notes its time and size in the recording, in one transaction. */
  appendChunk(id: string, seq: number, data: ArrayBuffer, at: number): Promise<void>;
  update(id: string, patch: Partial<Omit<StoredRecording, 'id'>>): Promise<void>;
  /** The user's recordings that were never uploaded, oldest first. */
  list(username: string): Promise<StoredRecording[]>;
  load(id: string): Promise<LoadedRecording | null>;
  remove(id: string): Promise<void>;
}

const chunkRange = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

function indexedDbStore(dbPromise: Promise<IDBPDatabase<RecordingDb>>): RecordingStore {
  return {
    async create(meta) {
      await (await dbPromise).put('recordings', meta);
    },
    async appendChunk(id, seq, data, at) {
      const tx = (await dbPromise).transaction(['recordings', 'chunks'], 'readwrite');
      const meta = await tx.objectStore('recordings').get(id);
      if (meta) {
        await tx.objectStore('chunks').put({ recordingId: id, seq, data });
        await tx.objectStore('recordings').put({
          ...meta,
          lastChunkAt: at,
          chunkCount: meta.chunkCount + 1,
          bytes: meta.bytes + data.byteLength,
        });
      }
      await tx.done;
    },
    async update(id, patch) {
      const tx = (await dbPromise).transaction('recordings', 'readwrite');
      const meta = await tx.store.get(id);
      if (meta) await tx.store.put({ ...meta, ...patch });
      await tx.done;
    },
    async list(username) {
      const all = await (await dbPromise).getAll('recordings');
      return all.filter((r) => r.username === username).sort(byStart);
    },
    async load(id) {
      const db = await dbPromise;
      const meta = await db.get('recordings', id);
      if (!meta) return null;
      const chunks = await db.getAll('chunks', chunkRange(id));
      chunks.sort((a, b) => a.seq - b.seq);
      return {
        meta,
        blob: new Blob(
          chunks.map((c) => c.data),
          { type: meta.mimeType },
        ),
      };
    },
    async remove(id) {
      const tx = (await dbPromise).transaction(['recordings', 'chunks'], 'readwrite');
      await tx.objectStore('chunks').delete(chunkRange(id));
      await tx.objectStore('recordings').delete(id);
      await tx.done;
    },
  };
}

const byStart = (a: StoredRecording, b: StoredRecording) => (a.startedAt ?? 0) - (b.startedAt ?? 0);

/**
 * Keeps recordings in memory where IndexedDB cannot be opened (some private modes): the recording
 * still survives a failed upload, only not a closed tab.
 */
export function memoryStore(): RecordingStore {
  const metas = new Map<string, StoredRecording>();
  const chunks = new Map<string, StoredChunk[]>();
  return {
    async create(meta) {
      metas.set(meta.id, { ...meta });
      chunks.set(meta.id, []);
    },
    async appendChunk(id, seq, data, at) {
      const meta = metas.get(id);
      if (!meta) return;
      chunks.get(id)?.push({ recordingId: id, seq, data });
      metas.set(id, {
        ...meta,
        lastChunkAt: at,
        chunkCount: meta.chunkCount + 1,
        bytes: meta.bytes + data.byteLength,
      });
    },
    async update(id, patch) {
      const meta = metas.get(id);
      if (meta) metas.set(id, { ...meta, ...patch });
    },
    async list(username) {
      return [...metas.values()].filter((r) => r.username === username).sort(byStart);
    },
    async load(id) {
      const meta = metas.get(id);
      if (!meta) return null;
      const parts = [...(chunks.get(id) ?? [])].sort((a, b) => a.seq - b.seq).map((c) => c.data);
      return { meta, blob: new Blob(parts, { type: meta.mimeType }) };
    },
    async remove(id) {
      metas.delete(id);
      chunks.delete(id);
    },
  };
}

/** Opens the IndexedDB store, falling back to memory when IndexedDB is missing or refuses. */
export async function openRecordingStore(name = RECORDING_DB_NAME): Promise<RecordingStore> {
  if (typeof indexedDB === 'undefined') return memoryStore();
  try {
    const db = openDB<RecordingDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('recordings', { keyPath: 'id' });
        database.createObjectStore('chunks', { keyPath: ['recordingId', 'seq'] });
      },
    });
    await db;
    return indexedDbStore(db);
  } catch (cause) {
    console.error('IndexedDB unavailable; recordings are kept in memory only', cause);
    return memoryStore();
  }
}

let shared: Promise<RecordingStore> | null = null;

/** The app's one recording store. */
export function recordingStore(): Promise<RecordingStore> {
  shared ??= openRecordingStore();
  return shared;
}

/** Forgets the shared store (tests open a fresh database each). */
export function resetRecordingStore() {
  shared = null;
}
