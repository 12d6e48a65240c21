import { reportBrowserDiagnosticsOnFailure } from "./browser-diagnostics";

// The e2e project's setup file: a failing browser test prints what its pages reported.
reportBrowserDiagnosticsOnFailure();
