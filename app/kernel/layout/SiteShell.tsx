import type { ReactNode } from "react";
import { CookieNotice } from "./CookieNotice";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { InstallPrompt } from "./InstallPrompt";
import { ScrollToTop } from "./ScrollToTop";
import type { ShellData } from "~/kernel/layout/shell-data";
import { ToastMessage } from "./ToastMessage";
import { TopBar } from "./TopBar";

/** The frame of every page: top bar, header and menus, footer and overlays. */
export function SiteShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar shell={shell} />
      <Header shell={shell} />
      <ToastMessage toast={shell.toast} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer shell={shell} />
      <ScrollToTop />
      <CookieNotice accepted={shell.cookieConsent} />
      <InstallPrompt />
    </>
  );
}
