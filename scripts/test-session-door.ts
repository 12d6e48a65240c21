/**
 * Where the tests' session helper (test/support/session.ts) records the row of a session cookie
 * it made itself (ADR 70: a cookie without its row in member_sessions signs nobody in). A second
 * worker of this Miniflare on the same D1, never part of the bundle `wrangler deploy` uploads:
 * only the tests' servers have it.
 */
export const TEST_SESSION_DOOR = "/__test/member-session";
export const DOOR_NAME = "test-session-door";
export const DOOR_SCRIPT = `
export default {
  async fetch(request, env) {
    if (request.method !== "POST") return new Response("POST a session", { status: 405 });
    const s = await request.json();
    await env.DB.prepare(
      "INSERT INTO member_sessions (id, member_id, created_at, last_seen_at, expires_at, user_agent, country, second_step_required, second_step_at, revoked_at) VALUES (?1, ?2, ?3, ?4, ?5, NULL, NULL, ?6, ?7, NULL)",
    ).bind(s.id, s.memberId, s.createdAt, Math.floor(s.createdAt), s.expiresAt, s.secondStepRequired ? 1 : 0, s.secondStepAt ?? null).run();
    return new Response(null, { status: 204 });
  },
};`;
