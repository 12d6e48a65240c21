import { z } from "zod";

/** Logout's post carries nothing (its link is a GET; ADR 0028's one action shape): any field is a post it does not understand. */
export const logoutSchema = z.strictObject({});
