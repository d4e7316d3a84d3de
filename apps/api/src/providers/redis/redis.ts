import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The app's one Redis connection (REDIS_URL). A request never waits on a dead Redis: a command fails
 * after one retry and the connection keeps reconnecting in the background; failures are logged once per
 * outage, not per command.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectionName: 'agaton-api',
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error) => {
    if (down) return;
    down = true;
    log.error({ err: error }, 'redis unreachable');
  });
  redis.on('ready', () => {
    if (down) log.info('redis reachable again');
    down = false;
  });
  return redis;
}
