import { Link } from "@remix-run/react";
import { PageTitle } from "~/kernel/layout/Breadcrumbs";

/** The frame of the payment return pages: a heading, the message, the way to My Account. */
export function PaymentResult(props: { title: string; message: string; tone: "success" | "failed" | "pending"; linkText?: string }) {
  return (
    <>
      <PageTitle title={props.title} />
      <section className="section">
        <div className={`container payment-result payment-result-${props.tone}`} role={props.tone === "failed" ? "alert" : "status"}>
          <p>{props.message}</p>
          <Link to="/mem-account" className="button">
            {props.linkText ?? "My Account"}
          </Link>
        </div>
      </section>
    </>
  );
}
