import { nowSeconds } from "../store/ids";
import type { SessionRevocationsRepository } from "../store/port";

/**
 * Sessions ended by logout (ADR 7): the session's id is recorded until the session would
 * have expired anyway, so a copy of the cookie taken before logout is refused. The records
 * are the store's (`store.sessionRevocations`, ADR 3), in D1 whatever the content store is
 * (like the outbox and the rate limits); this file brings the clock.
 */

export interface SessionRevocations {
  isRevoked(sessionId: string): Promise<boolean>;
  /** Records the session as ended; `expiresAt` (Unix seconds) is when it would expire anyway. */
  revoke(sessionId: string, expiresAt: number): Promise<void>;
}

export function createSessionRevocations(revocations: SessionRevocationsRepository, now = nowSeconds): SessionRevocations {
  return {
    isRevoked: (sessionId) => revocations.isRevoked(sessionId),
    revoke: (sessionId, expiresAt) => revocations.revoke(sessionId, expiresAt, now()),
  };
}
