/** oidc-provider ships without types; the e2e provider script only uses its constructor and callback. */
declare module 'oidc-provider';
