export * from './auth.ts';
export * from './billing.ts';
export * from './identity.ts';
export * from './mail.ts';
export * from './organisation.ts';
export * from './recruitment.ts';
export * from './sessions.ts';
export * from './training.ts';
