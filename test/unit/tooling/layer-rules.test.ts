import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
import boundaries from "../../../eslint-rules/boundaries.js";

/** The lint rule that keeps ADR 58's layers: each case is a file at a path under app/ and one import. */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } });
const at = (file: string, code: string) => ({ filename: `${process.cwd()}/app/${file}`, code });

tester.run("house/layers", boundaries.rules.layers, {
  valid: [
    at("features/office/routes/refunds.tsx", 'import { refundPath } from "~/features/payments";'),
    at("features/office/routes/refunds.tsx", 'import { loadReceipt } from "~/features/payments/index.server";'),
    at("features/office/routes/refunds.tsx", 'import { RefundForm } from "../components/RefundForm";'),
    at("features/payments/refunds.ts", 'import { z } from "zod";\nimport { formatPence } from "~/kernel/values/money";'),
    at("features/payments/refunds.ts", 'import type { Env } from "~/kernel/http/env.server";'),
    at("features/payments/refunds.server.ts", 'import { createMedia } from "~/kernel/media/media.server";'),
    at("kernel/store/d1/refunds.server.ts", 'import type { Refund } from "../../../features/payments";'),
    at("root.tsx", 'import { loadShell } from "~/kernel/layout/shell.server";'),
  ],
  invalid: [
    {
      ...at("features/payments/components/RefundForm.tsx", 'import { refund } from "../refunds.server";'),
      errors: [{ messageId: "serverFromClient" }],
    },
    { ...at("features/payments/refunds.ts", 'import { useState } from "react";'), errors: [{ messageId: "impureRule" }] },
    { ...at("features/payments/refunds.ts", 'import { RefundForm } from "./components/RefundForm";'), errors: [{ messageId: "impureRule" }] },
    { ...at("features/office/routes/refunds.tsx", 'import { refundPath } from "~/features/payments/refunds";'), errors: [{ messageId: "featureInternals" }] },
    { ...at("features/office/members.server.ts", 'export { refund } from "../payments/refunds.server";'), errors: [{ messageId: "featureInternals" }] },
    { ...at("kernel/layout/Header.tsx", 'import { INBOX_EMPTY } from "~/features/office";'), errors: [{ messageId: "kernelToFeature" }] },
    {
      ...at("kernel/store/d1/refunds.server.ts", 'import { refundPath } from "~/features/payments/refunds";'),
      errors: [{ messageId: "kernelToFeatureEntry" }],
    },
  ],
});
