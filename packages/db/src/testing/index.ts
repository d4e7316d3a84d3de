export * from './database.ts';
export * from './factories.ts';
