import { Link } from "@remix-run/react";
import type { MyData } from "~/features/data-rights/my-data";
import { formatPence } from "~/kernel/values/money";
import { formatMemberNumber } from "~/kernel/store/member-number";
import { receiptPath } from "~/features/payments";
import { refundPath } from "~/features/payments";
import { DECLARATION_ORIGIN_PHRASES } from "~/features/gift-aid";
import { formatIsoDay } from "~/kernel/dates/iso-day";

const UK_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "medium", timeStyle: "short" });
const when = (seconds: number | null) => (seconds ? UK_DAY.format(new Date(seconds * 1000)) : "");
const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** One "label: value" list; empty values are shown as a dash so the page reads the same for everyone. */
function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="my-data-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the two files of the same data are (absent in the .html file itself). */
export interface MyDataDownloads {
  json: string;
  html: string;
}

/**
 * Everything held about one member (docs/requirements.md §8.2), as a page that reads and prints well:
 * headings and lists, no wide tables, so it fits a 360 px phone. The JSON file has the same, and
 * the .html file is this very view (features/data-rights/my-data-file.server.tsx).
 * `downloads`: the links to both files (the page); without it, the view stands alone (the file).
 * `accountant`: drawn in the back office, where each paid payment links to its receipt and its
 * refund page (the member's payment history as the accountant sees it).
 */
export function MyDataView({ data, downloads, accountant = false }: { data: MyData; downloads?: MyDataDownloads; accountant?: boolean }) {
  const { member, household } = data;
  return (
    <div className="my-data">
      <p>{`This is everything the association holds about you, made on ${UK_DAY.format(new Date(data.generatedAt))}.`}</p>
      {downloads ? (
        <p className="my-data-downloads">
          {"Download it as a file: "}
          <a href={downloads.html} download>
            a page to keep or print (HTML)
          </a>
          {" or "}
          <a href={downloads.json} download>
            for another service (JSON)
          </a>
          {". To print this page, use your browser's Print."}
        </p>
      ) : null}

      <h2>Your record</h2>
      <Facts
        rows={[
          ["Member number", formatMemberNumber(member.memberNumber) ?? ""],
          ["Name", `${member.title} ${member.fullName}`],
          ["E-mail", member.email],
          ["Address", [member.address, member.city, member.county, member.postcode].filter(Boolean).join(", ")],
          ["Phone", member.mobile],
          ["Membership", member.membership],
          ["Active", yesNo(member.active)],
          ["Registration fee paid", yesNo(member.registrationPaid)],
          ["Last renewed", member.lastRenewedYear ? String(member.lastRenewedYear) : ""],
          ["Joined", when(member.createdAt)],
        ]}
      />
      <h3>Consents</h3>
      <Facts
        rows={[
          ["Terms and conditions", yesNo(member.consents.agreeTerms)],
          ["Gift Aid", yesNo(member.consents.giftAid)],
          ["Resident", yesNo(member.consents.resident)],
          ["Payment", yesNo(member.consents.payment)],
          ["Children's photos taken", yesNo(member.consents.childPhoto)],
          ["Children's photos shared", yesNo(member.consents.childPhotoShare)],
        ]}
      />

      <h2>Your household</h2>
      {household.spouse ? (
        <Facts
          rows={[
            ["Spouse", `${household.spouse.title} ${household.spouse.name}`],
            ["Spouse's e-mail", household.spouse.email],
            ["Spouse's phone", household.spouse.mobile],
          ]}
        />
      ) : (
        <p>No spouse recorded.</p>
      )}
      {household.children.length > 0 ? (
        <ul>
          {household.children.map((child, index) => (
            <li key={index}>{`${child.name}, born ${child.birthYear}`}</li>
          ))}
        </ul>
      ) : (
        <p>No children recorded.</p>
      )}

      <h2>Payments ({data.transactions.length})</h2>
      <ul className="my-data-list">
        {data.transactions.map((t) => (
          <li key={t.id}>
            {`${when(t.createdAt)}: ${t.title}, ${formatPence(t.unitAmount * t.qty)} (${t.status})`}
            {accountant && t.status === "success" ? (
              <>
                {" · "}
                <Link to={receiptPath(t.id)}>Receipt</Link>
                {" · "}
                <Link to={refundPath(t.id)}>Refund</Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>

      {/* Gift Aid (docs/requirements.md §14): each declaration as given, and the donations with what the form said. */}
      <h2>Gift Aid declarations ({data.giftAidDeclarations.length})</h2>
      <ul className="my-data-list my-data-declarations">
        {data.giftAidDeclarations.map((d) => (
          <li key={d.id}>
            {`Given on ${formatIsoDay(d.givenOn)}, ${DECLARATION_ORIGIN_PHRASES[d.origin]}: ${[[d.title, d.fullName].filter(Boolean).join(" "), ...d.address.split("\n"), d.postcode].filter(Boolean).join(", ")}`}
            {d.withdrawnOn ? `. Cancelled on ${formatIsoDay(d.withdrawnOn)}` : ""}
            <div className="my-data-note">{`Wording: ${d.wordingVersion}`}</div>
          </li>
        ))}
      </ul>

      <h2>Donations ({data.donations.length})</h2>
      <ul className="my-data-list my-data-donations">
        {data.donations.map((donation) => (
          <li key={donation.transactionId}>
            {`${when(donation.createdAt)}: ${formatPence(donation.amount)}, Gift Aid ${donation.giftAid ? "declared" : "not declared"}`}
            {donation.message ? <div className="my-data-note">{donation.message}</div> : null}
          </li>
        ))}
      </ul>

      <h2>Tickets ({data.tickets.length})</h2>
      <ul className="my-data-list">
        {data.tickets.map((ticket) => (
          <li key={ticket.id}>
            {`${ticket.title} ${ticket.year}: ${formatPence(ticket.price)}, ${ticket.paid ? "paid" : "not paid"}`}
            {ticket.attendees.length > 0 ? ` (${ticket.attendees.map((a) => a.name).join(", ")})` : ""}
          </li>
        ))}
      </ul>

      <h2>E-mails we sent you ({data.emails.length})</h2>
      <ul className="my-data-list">
        {data.emails.map((email) => (
          <li key={email.id}>{`${when(email.createdAt)}: ${email.subject} (to ${email.to.join(", ")})`}</li>
        ))}
      </ul>

      <h2>Messages you sent us ({data.contactMessages.length})</h2>
      <ul className="my-data-list">
        {data.contactMessages.map((message) => (
          <li key={message.id}>
            {`${when(message.createdAt)}: ${message.subject}`}
            <div className="my-data-note">{message.notes}</div>
          </li>
        ))}
      </ul>

      <h2>Devices signed in to your account ({data.devices.length})</h2>
      <ul className="my-data-list">
        {data.devices.map((device) => (
          <li key={`${device.firstSeen}-${device.userAgent}`}>
            {`${device.browser}, ${device.country}: first seen ${when(device.firstSeen)}, last seen ${when(device.lastSeen)}`}
            {device.userAgent ? <div className="my-data-note">{device.userAgent}</div> : null}
          </li>
        ))}
      </ul>

      <h2>Mail choices</h2>
      <Facts
        rows={[
          ["Newsletters", data.mail.preferences.newsletters],
          ["Newsletters chosen", [data.mail.preferences.newslettersSource ?? "", when(data.mail.preferences.newslettersAt)].filter(Boolean).join(", ")],
          ["Membership notices", data.mail.preferences.notices],
          ["Notices stopped", when(data.mail.preferences.noticesAt)],
        ]}
      />
      <h3>Changes of your mail choices ({data.mail.preferenceChanges.length})</h3>
      <ul className="my-data-list">
        {data.mail.preferenceChanges.map((change) => (
          <li key={`${change.at}-${change.topic}-${change.source}`}>
            {`${when(change.at)}: ${change.topic} ${change.given ? "yes" : "no"} (${change.source}${change.mailing ? `, from "${change.mailing}"` : ""})`}
          </li>
        ))}
      </ul>
      <h3>Mailings sent to you ({data.mail.deliveries.length})</h3>
      <ul className="my-data-list">
        {data.mail.deliveries.map((delivery) => (
          <li key={`${delivery.at}-${delivery.mailing}`}>{`${when(delivery.at)}: ${delivery.mailing} (${delivery.status})`}</li>
        ))}
      </ul>
      <h3>Addresses that could not be reached ({data.mail.badAddresses.length})</h3>
      <ul className="my-data-list">
        {data.mail.badAddresses.map((bad) => (
          <li key={bad.email}>{`${when(bad.at)}: ${bad.email} (${bad.reason})`}</li>
        ))}
      </ul>
    </div>
  );
}
