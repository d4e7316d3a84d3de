import type { AccessTokenClaims, TokenKind } from '@agaton/contracts';
import { type Database, refreshTokens, sessionCutoffs } from '@agaton/db';
import { and, gt, isNotNull } from 'drizzle-orm';
import type { RevocationCheck } from '../../lib/tokens.ts';

/** Longest a revocation made by another api process goes unseen here. */
export const REVOCATION_CACHE_MS = 30_000;

/**
 * Revoked refresh families and password-reset cut-offs, read by every authenticated request (issue 16
 * part 3). The list is small, only revocations younger than an access token's lifetime can matter, so
 * each process reads it whole at most every REVOCATION_CACHE_MS and checks tokens against memory: an
 * authenticated request pays a Set lookup, one request per period one indexed query. Revocations made
 * in this process count at once (`noteFamily`, `noteCutoff`); other processes see them within the period.
 */
export class RevocationList implements RevocationCheck {
  private families = new Set<string>();
  private cutoffs = new Map<string, number>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading?: Promise<void>;
  /** Revocations noted here, kept across a read that may have started before them. */
  private noted: { at: number; apply: () => void }[] = [];

  constructor(
    private readonly db: Database,
    private readonly accessTokenTtlSeconds: number,
    private readonly maxAgeMs = REVOCATION_CACHE_MS,
  ) {}

  async isRevoked(claims: AccessTokenClaims, issuedAtSeconds: number): Promise<boolean> {
    if (Date.now() - this.loadedAt >= this.maxAgeMs) await this.refresh();
    if (claims.fid && this.families.has(claims.fid)) return true;
    const cutoff = this.cutoffs.get(cutoffKey(claims.kind, claims.sub));
    return cutoff !== undefined && issuedAtSeconds < cutoff;
  }

  noteFamily(familyId: string) {
    this.note(() => this.families.add(familyId));
  }

  noteCutoff(kind: TokenKind, subjectId: string, notBefore: Date) {
    this.note(() => this.cutoffs.set(cutoffKey(kind, subjectId), Math.floor(notBefore.getTime() / 1000)));
  }

  private note(apply: () => void) {
    apply();
    this.noted.push({ at: Date.now(), apply });
  }

  /** Reads the list again (one request waits for it; concurrent ones share the read). */
  refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load() {
    const startedAt = Date.now();
    // A token older than its lifetime (plus this cache's age) has expired anyway.
    const since = new Date(startedAt - this.accessTokenTtlSeconds * 1000 - this.maxAgeMs);
    const [families, cutoffs] = await Promise.all([
      this.db
        .selectDistinct({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(isNotNull(refreshTokens.revokedAt), gt(refreshTokens.revokedAt, since))),
      this.db.select().from(sessionCutoffs).where(gt(sessionCutoffs.notBefore, since)),
    ]);
    this.families = new Set(families.map((f) => f.familyId));
    this.cutoffs = new Map(
      cutoffs.map((c) => [cutoffKey(c.subjectKind, c.subjectId), Math.floor(c.notBefore.getTime() / 1000)]),
    );
    // What this process noted while (or just before) the read ran may not be in its result.
    this.noted = this.noted.filter((n) => n.at >= startedAt - 1000);
    for (const n of this.noted) n.apply();
    this.loadedAt = startedAt;
  }
}

function cutoffKey(kind: string, id: string) {
  return `${kind}:${id}`;
}
