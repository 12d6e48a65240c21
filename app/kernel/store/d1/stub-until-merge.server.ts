// STUB until merge: H3's repositories (mail preferences, bad addresses, webhook receipts) are
// built on another branch; this keeps the Store type whole here. Drop this file at merge.
import type { BadAddressesRepository, MailPreferencesRepository, WebhookReceiptsRepository } from "../port";

function notHere<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      return () => Promise.reject(new Error(`STUB until merge: ${name}.${String(key)}`));
    },
  });
}

export function stubMailRepositories(_db: D1Database) {
  return {
    mailPreferences: notHere<MailPreferencesRepository>("mailPreferences"),
    badAddresses: notHere<BadAddressesRepository>("badAddresses"),
    webhookReceipts: notHere<WebhookReceiptsRepository>("webhookReceipts"),
  };
}
