export * from './client.ts';
export { hashPassword, verifyPassword } from './password.ts';
export * from './schema/index.ts';
export { DEMO_ACCOUNTS, seedDemoData } from './seed.ts';
