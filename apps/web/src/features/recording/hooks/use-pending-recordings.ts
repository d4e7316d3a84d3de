import { RECORDING } from '@agaton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recordingKeys } from '../api/recordings-api';
import { heldLockNames, lockName, uploadsInFlight } from '../utils/recording-lock';
import { type RecordingStore, recordingStore, type StoredRecording } from '../utils/recording-store';
import { recordedMs } from '../utils/recording-time';

/**
 * Recordings of this user left in the store: never uploaded, failed, or cut off by a crash or a
 * closed tab. Those still recording elsewhere (their lock is held) or uploading are left out; left
 * behind ones too short to keep are deleted, as a stop would have.
 */
export async function findPendingRecordings(
  store: RecordingStore,
  username: string,
  minMs = RECORDING.minSeconds * 1000,
): Promise<StoredRecording[]> {
  const [stored, held] = await Promise.all([store.list(username), heldLockNames()]);
  const pending: StoredRecording[] = [];
  for (const recording of stored) {
    if (held.has(lockName(recording.id)) || uploadsInFlight.has(recording.id)) continue;
    if (recording.startedAt === null || recording.chunkCount === 0 || recordedMs(recording) < minMs) {
      await store.remove(recording.id);
      continue;
    }
    pending.push(recording);
  }
  return pending;
}

export function usePendingRecordings(options: {
  username: string;
  enabled: boolean;
  store?: () => Promise<RecordingStore>;
}) {
  const { username, enabled, store: getStore = recordingStore } = options;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: recordingKeys.pendingOf(username),
    queryFn: async () => findPendingRecordings(await getStore(), username),
    enabled,
    staleTime: 0,
    retry: false,
  });
  return {
    recordings: query.data ?? [],
    /** Deletes a recording the user chose to throw away. */
    discard: async (id: string) => {
      await (await getStore()).remove(id);
      await queryClient.invalidateQueries({ queryKey: recordingKeys.pending });
    },
  };
}
