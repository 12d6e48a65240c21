import { Link } from "@remix-run/react";
import { ASSOCIATION } from "~/kernel/layout/association";
import { MAIN_MENU } from "~/kernel/layout/navigation";
import type { ShellData } from "~/kernel/layout/shell-data";

export function Footer({ shell }: { shell: ShellData }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <nav aria-label="Footer">
          <ul className="footer-links">
            {MAIN_MENU.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">{`Copyright © ${shell.year} ${ASSOCIATION.name}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
