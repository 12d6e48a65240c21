import { telHref } from "~/kernel/layout/tel-href";
import { NavItem } from "./NavItem";
import type { ShellData } from "~/kernel/layout/shell-data";

/** Contact details, social links and login-state links; hidden on small screens (CSS). */
export function TopBar({ shell }: { shell: ShellData }) {
  return (
    <div className="top-bar">
      <div className="container top-bar-inner">
        <ul className="top-bar-contact" aria-label="Contact">
          {shell.contactNumber ? (
            <li>
              <a href={telHref(shell.contactNumber)}>
                <span aria-hidden="true">☎ </span>
                {shell.contactNumber}
              </a>
            </li>
          ) : null}
          {shell.contactEmail ? (
            <li>
              <a href={`mailto:${shell.contactEmail}`}>
                <span aria-hidden="true">✉ </span>
                {shell.contactEmail}
              </a>
            </li>
          ) : null}
          {shell.socialLinks.slice(0, 2).map((link) => (
            <li key={link.url}>
              <a href={link.url} rel="noopener noreferrer" target="_blank">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <ul className="top-bar-account" aria-label="Account">
          {shell.accountLinks.map((link) => (
            <li key={link.to}>
              <NavItem link={link} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
