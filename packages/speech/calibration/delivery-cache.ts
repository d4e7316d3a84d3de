import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readShards } from './shards.ts';

/** Where calibration/extract-delivery.ts writes its shards. */
export const DELIVERY_DIR = join(dirname(fileURLToPath(import.meta.url)), 'delivery-train');

/** One train-split recording as extract-delivery.ts caches it (compact keys: 2,500 lines). */
export interface DeliveryRecord {
  id: string;
  speaker: string;
  /** Length of the recording (s). */
  dur: number;
  /** Voiced stretches, [start, end] in seconds. */
  voiced: [number, number][];
  /** The free phone decoding: [phone index, first frame, frames, mean LPP, mean margin]. */
  seg: [number, number, number, number, number][];
}

export const loadDeliveryRecords = (dir = DELIVERY_DIR) => readShards<DeliveryRecord>(dir);
