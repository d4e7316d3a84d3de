import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Claims the provider answers for a login name (the account's subject is the login name). */
export type ClaimsFor = (login: string) => Record<string, unknown>;

/** By default the login name is the account's e-mail, which the provider says it verified. */
const verifiedEmailClaims: ClaimsFor = (login) => ({
  email: login,
  email_verified: true,
  given_name: 'Olive',
  family_name: 'Oidc',
});

/**
 * A real OpenID provider (oidc-provider) on loopback with its development login and consent pages.
 * Any login name is accepted; `claimsFor` decides what the provider says about it (read at each
 * sign-in, so a test can change an account's e-mail or its verification at the provider).
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  claimsFor?: ClaimsFor;
}) {
  const claimsFor = options.claimsFor ?? verifiedEmailClaims;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['loopback-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { ...claimsFor(sub), sub };
        },
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the browser: follows redirects from `startUrl` with a cookie jar, signs in as `login` and
 * consents on the provider's pages, and stops at the first redirect to `stopAt` (our callback).
 */
export async function browseToCallback(startUrl: string, login: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  };
  let url = startUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(stopAt)) return next;
      url = next;
      init = {};
      continue;
    }
    const html = await res.text();
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (res.status !== 200 || !prompt)
      throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    init = {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('too many redirects');
}
