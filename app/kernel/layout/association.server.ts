import type { AppLoadContext } from "@remix-run/cloudflare";
import { readSettingsFresh } from "../store/content/fresh-settings.server";
import { associationContact, type AssociationContact } from "./association-contact";

/**
 * How to reach the association as the store holds it now (ADR 67): the settings read fresh, never the
 * visitors' cached copy, so an e-mail or receipt sent right after the studio saves a new address
 * already carries it.
 */
export async function readAssociationContact(context: AppLoadContext): Promise<AssociationContact> {
  return associationContact(await readSettingsFresh(context));
}
