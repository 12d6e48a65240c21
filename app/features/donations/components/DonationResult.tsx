import { Link } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";

/** The frame of the donation's return pages: a heading, the message, whether Gift Aid was declared, the way back. */
export function DonationResult(props: { title: string; message: string; tone: "success" | "failed" | "pending"; giftAid: string | null }) {
  return (
    <>
      <PageTitle title={props.title} />
      <section className="section">
        <div className={`container payment-result payment-result-${props.tone}`} role={props.tone === "failed" ? "alert" : "status"}>
          <p>{props.message}</p>
          {props.giftAid ? <p className="donation-gift-aid">{props.giftAid}</p> : null}
          <Link to="/" className="button">
            Back to the home page
          </Link>
        </div>
      </section>
    </>
  );
}
