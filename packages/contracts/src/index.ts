export * from './admin.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './errors.ts';
export * from './org.ts';
export * from './scoring.ts';
export * from './sessions.ts';
export * from './user.ts';
