import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { parseMemberActionValue } from "../domain/member-action-value";
import {
  actionDoneMessage,
  actionPatch,
  actionRefusal,
  confirmationQuestion,
  type MemberAction,
} from "../domain/member-actions";
import {
  memberExportHref,
  memberListQuery,
  memberRow,
  memberTableSearch,
  pageCount,
  readMemberTableParams,
} from "../domain/member-table";
import { currentYear } from "../domain/renewal";
import { requireAccountant } from "./auth.server";
import { sendPaymentLink } from "./payment-link.server";
import { redirectWithToast } from "./toast.server";

/**
 * The members tables (/accounts and /deleted-members): one loader and one action,
 * used by both routes, which differ only in the list they show.
 */

export type MembersList = "current" | "deleted";

const LIST_PATH: Record<MembersList, string> = { current: "/accounts", deleted: "/deleted-members" };

export async function loadMembersTable(request: Request, context: AppLoadContext, list: MembersList) {
  const accountant = await requireAccountant(request, context);
  const state = readMemberTableParams(new URL(request.url).searchParams);
  const deleted = list === "deleted";
  const year = currentYear();
  const { rows, total } = await context.store.members.list(memberListQuery(state, deleted));
  return data(
    {
      list,
      state,
      year,
      total,
      pages: pageCount(total, state.size),
      exportHref: memberExportHref(state, deleted),
      accountantId: accountant.id,
      rows: rows.map((member) => memberRow(member, year)),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type MembersTableData = Awaited<ReturnType<typeof loadMembersTable>>["data"];

const actionSchema = z.object({
  /** "<action>:<member id>", the value of the row button pressed. */
  do: z
    .string()
    .transform((value, ctx) => {
      const chosen = parseMemberActionValue(value);
      if (!chosen) ctx.addIssue({ code: "custom", message: "unknown action" });
      return chosen ?? z.NEVER;
    }),
  confirmed: z.literal("1").optional().catch(undefined),
});

/** What the page shows when a change needs a yes first and the browser did not ask (no JavaScript). */
export interface ConfirmationStep {
  confirm: { intent: MemberAction; id: string; name: string; question: string; search: string };
}

/** Back to the same view (search, filters, page) of the same list: the forms post to the list's URL with its search. */
function backTo(list: MembersList, request: Request): string {
  return `${LIST_PATH[list]}${memberTableSearch(readMemberTableParams(new URL(request.url).searchParams))}`;
}

export async function membersTableAction(request: Request, context: AppLoadContext, list: MembersList) {
  const accountant = await requireAccountant(request, context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return redirectWithToast(context, backTo(list, request), { kind: "error", message: "That action was not understood. Please try again." });
  }
  const { action: intent, id } = parsed.data.do;
  const { confirmed } = parsed.data;
  const back = backTo(list, request);
  const member = await context.store.members.getById(id);
  if (!member) return redirectWithToast(context, back, { kind: "error", message: "Account Not Found" });

  const refusal = actionRefusal(intent, member, accountant.id);
  if (refusal) return redirectWithToast(context, back, { kind: "error", message: refusal });

  const question = confirmationQuestion(intent, member.fullName);
  if (question && confirmed !== "1") {
    return data<ConfirmationStep>(
      { confirm: { intent, id, name: member.fullName, question, search: back.slice(LIST_PATH[list].length) } },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }

  if (intent === "send-link") {
    const sent = await sendPaymentLink(context, member, new URL(request.url).origin);
    const copy = sent.link ? { label: "Payment link", value: sent.link } : undefined;
    return redirectWithToast(
      context,
      back,
      sent.ok
        ? { kind: "success", message: `Payment link sent to ${member.email}.`, ...(copy ? { copy } : {}) }
        : { kind: "error", message: sent.error, ...(copy ? { copy } : {}) },
    );
  }

  const updated = await context.store.members.update(member.id, actionPatch(intent));
  if (!updated) return redirectWithToast(context, back, { kind: "error", message: "Account Not Found" });
  return redirectWithToast(context, back, { kind: "success", message: actionDoneMessage(intent, member.fullName) });
}
