/**
 * Whether this site can send e-mail out (docs/requirements.md §13.12, ADR 4): in production only
 * through Resend, so without its key nothing may be marked sent or "on its way". One rule for
 * Send, the queue's consumer and "Send me a test".
 */
export function emailProviderMissing(env: { isProduction: boolean; RESEND_API_KEY?: string | null }): boolean {
  return env.isProduction && !env.RESEND_API_KEY;
}
