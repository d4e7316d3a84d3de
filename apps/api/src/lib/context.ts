import type { Database } from '@agaton/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import type { Mailer } from './mailer.ts';
import type { AccessTokens } from './tokens.ts';

/** Everything a service needs, built once in app.ts and handed to each module. */
export interface AppContext {
  db: Database;
  config: AppConfig;
  tokens: AccessTokens;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The shared Redis connection when REDIS_URL is set (rate limits and the sign-in throttle). */
  redis?: Redis;
}
