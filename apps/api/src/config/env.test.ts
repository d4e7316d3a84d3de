import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'agaton-env-'));

describe('configuration', () => {
  it('starts with defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(config.BACKGROUND_NICENESS).toBe(10);
    expect(config.providers).toEqual({ google: undefined, microsoft: undefined });
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(config.JWT_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(config.JWT_SECRET);
  });

  it('refuses malformed values with a message naming each variable', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        BACKGROUND_NICENESS: '25',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/BACKGROUND_NICENESS: must be 0 to 19/);
    expect(attempt).toThrow(/PORT: must be a port number/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it('runs several API processes only on PostgreSQL with Redis, at most 32', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).API_PROCESSES).toBe(1);
    const alone = () => loadConfig({ DATA_DIR: dataDir(), API_PROCESSES: '2' });
    expect(alone).toThrow(/DATABASE_URL: required when API_PROCESSES is above 1/);
    expect(alone).toThrow(/REDIS_URL: required when API_PROCESSES is above 1/);
    const shared = { DATABASE_URL: 'postgres://db/agaton', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({ DATA_DIR: dataDir(), API_PROCESSES: '2', ...shared }).API_PROCESSES).toBe(2);
    expect(() => loadConfig({ DATA_DIR: dataDir(), API_PROCESSES: '33', ...shared })).toThrow(
      /API_PROCESSES: must be 32 or less/,
    );
  });

  it('takes SECRETS_KEY as 32 bytes in base64; derives one outside production only', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: key }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: 'c2hvcnQ=' })).toThrow(
      /SECRETS_KEY: must be 32 bytes in base64/,
    );
    const development = loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'j'.repeat(40) });
    expect(development.secretsKey).toHaveLength(32);
    expect(development.secretsKeyDerived).toBe(true);
    const production = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      DEMO_PASSWORD: 'Other-123',
    });
    expect(production.secretsKey).toBeUndefined();
  });

  it('enables a social provider only when its client id and secret are both set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'id',
      MICROSOFT_CLIENT_ID: 'only-id',
    });
    expect(config.providers.google).toBeUndefined();
    const both = loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' });
    expect(both.providers.google).toEqual({
      clientId: 'id',
      clientSecret: 's',
      issuer: 'https://accounts.google.com',
    });
  });

  it('reads the scoring settings, with defaults from the spec and warm workers outside tests', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' });
    expect(config).toMatchObject({
      SCORING_QUEUE: 32,
      SCORING_RATE_LIMIT_PER_MINUTE: 30,
      SCORING_READING_TIMEOUT_SECONDS: 20,
      SCORING_FREE_SPEECH_TIMEOUT_SECONDS: 60,
      SCORING_UPLOAD_LIMIT_BYTES: 12 * 1024 * 1024,
      SCORING_WARM: true,
      TTS_ENABLED: true,
    });
    expect(config.SCORING_WORKERS).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).SCORING_WARM).toBe(false);
    const set = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', SCORING_WARM: '1', SCORING_QUEUE: '0' });
    expect(set).toMatchObject({ SCORING_WARM: true, SCORING_QUEUE: 0 });
  });

  it('refuses malformed scoring settings by name', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        SCORING_WORKERS: '0',
        SCORING_QUEUE: 'many',
        SCORING_READING_TIMEOUT_SECONDS: '2.5',
        SCORING_WARM: 'yes',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SCORING_WORKERS: must be at least 1/);
    expect(attempt).toThrow(/SCORING_QUEUE: must be a number/);
    expect(attempt).toThrow(/SCORING_READING_TIMEOUT_SECONDS: must be a whole number/);
    expect(attempt).toThrow(/SCORING_WARM: must be 1, 0, true or false/);
  });
});
